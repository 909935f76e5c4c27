import type { ISchema } from '@formily/react';
import type { WidgetItem } from '../core/schema/types.generated.ts';

export type WidgetType = WidgetItem['type'];

/** What the form compiler knows while compiling one widget. */
export interface CompileContext {
  /** ${username} ${realname} ${departName} ${departCode} → the signed-in user's values. */
  placeholders: Record<string, string>;
  /** Compiles nested widget lists (grid columns, cards, table cells, batch rows). */
  compileList: (list: WidgetItem[] | undefined) => Record<string, ISchema>;
}

/**
 * One registration object per widget: the runtime, the list renderer and the designer all read it.
 * `schema` turns a designer item into its Formily schema (data widgets get the common parts —
 * title, decorator, rules, default, hidden, disabled — from the compiler).
 */
export interface WidgetRegistration {
  type: WidgetType;
  /** The name in the designer's palette. */
  label: string;
  group: 'basic' | 'advanced' | 'layout';
  /** Holds a value (has model and rules) or is layout only. */
  data: boolean;
  schema: (item: WidgetItem, ctx: CompileContext) => ISchema;
  /** The item the designer drops on the canvas (key and model are added there). */
  scaffold: () => Omit<WidgetItem, 'key'>;
}
