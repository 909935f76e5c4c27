import type { ISchema } from '@formily/react';
import type { ComponentType, ReactNode } from 'react';
import type { FieldDef, QueryItem, WidgetItem, WidgetOptions } from '../../core/schema/types.generated.ts';
import type { DataRecord } from '../schema/api.ts';

/*
 * What the runtime asks of a widget. The runtime declares this contract and reads registrations through
 * the widget kit (kit.ts); it never imports a widget. src/widgets implements the contract, one object per
 * widget folder, and the application hands the kit to the runtime at start-up.
 */

export type WidgetType = WidgetItem['type'];

/** What the form compiler knows while compiling one widget. */
export interface CompileContext {
  /** ${username} ${realname} ${departName} ${departCode} → the signed-in user's values. */
  placeholders: Record<string, string>;
  /** Compiles nested widget lists (grid columns, cards, table cells, batch rows). */
  compileList: (list: WidgetItem[] | undefined) => Record<string, ISchema>;
}

/** A stored value's items → the text a person reads (names for ids, labels for codes). */
export type Lookup = (items: string[]) => Promise<string>;

/** How the widget's stored value reads in a detail (and any other read-only view). */
export interface ReadableSpec {
  /** Names for the value's items, when the widget can find them (people, departments, regions…). */
  lookup?: (widget: WidgetItem, record: DataRecord) => Lookup | undefined;
  /** A value that is not text: pictures, file links, formatted rich text. */
  render?: (raw: unknown, field: FieldDef) => ReactNode;
  /** Takes a whole row of the detail grid (long text, pictures, trees). */
  wide?: boolean;
  /** Long lists (a role's permissions) scroll inside their cell. */
  scroll?: boolean;
}

export interface QueryInputProps {
  item: QueryItem;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** The widget's input in a list's query bar, for the query views it answers (sel_user, sel_depart…). */
export interface QuerySpec {
  views: string[];
  Input: ComponentType<QueryInputProps>;
}

/**
 * A row of the designer's property panel: an option key, or `key:variant` where widgets edit the same option
 * differently (a default value typed as text, as a number, switched on or off…). The designer's descriptor
 * table (src/designer/properties/descriptors.ts) defines each row: its label, editor, limits.
 */
export type SettingId =
  | keyof WidgetOptions
  | `defaultValue:${'number' | 'switch' | 'tags' | 'json' | 'plain' | 'html'}`
  | 'multiple:files'
  | `format:${'date' | 'datetime' | 'time'}`
  | `dynamicFun:${'download' | 'button'}`
  | 'condition:linkDown'
  | `type:${'button' | 'alert'}`;

/**
 * One registration object per widget: the form compiler, the query bar, the detail view and the designer
 * all read it. `schema` turns a designer item into its Formily schema (data widgets get the common parts —
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
  /** The components `schema` names in x-component / x-decorator, by that name (the kit's map is built from these). */
  // Formily's own component map is untyped.
  components?: Record<string, ComponentType<any>>;
  /** The property panel's rows for this widget, in the order the panel shows them. */
  settings?: readonly SettingId[];
  /** How the widget looks on the designer's canvas: inert, cheap to draw (the preview renders the real form). */
  mock?: (item: WidgetItem) => ReactNode;
  readable?: ReadableSpec;
  query?: QuerySpec;
}

/** Everything the runtime gets from the widgets: their registrations and the components schemas name. */
export interface WidgetKit {
  widgets: ReadonlyMap<WidgetType, WidgetRegistration>;
  /** The components a compiled form may name in x-component / x-decorator. */
  // Formily's own component map is untyped.
  components: Record<string, ComponentType<any>>;
}
