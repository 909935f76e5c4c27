import { FormItem } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import type { WidgetRegistration } from '../runtime/widgets/contract.ts';
import { UnsupportedWidget } from './layout/components.tsx';

// Formily's own component map is untyped.
type Components = Record<string, ComponentType<any>>;

/** What the form compiler itself names, owned by no widget: every field's decorator and the stand-in for an unknown type. */
const COMPILER_PARTS: Components = { FormItem, UnsupportedWidget };

/**
 * The components a compiled form may name in x-component / x-decorator: the compiler's own parts and what
 * each registration declares. Two widgets may share a component (date and datetime) but not a name.
 */
export function formComponentsOf(widgets: Iterable<WidgetRegistration>): Components {
  const map: Components = { ...COMPILER_PARTS };
  for (const widget of widgets) {
    for (const [name, component] of Object.entries(widget.components ?? {})) {
      if (map[name] && map[name] !== component) throw new Error(`widget ${widget.type}: the component name ${name} is taken by another component`);
      map[name] = component;
    }
  }
  return map;
}
