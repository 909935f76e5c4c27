import '../widget-kit.ts';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ISchema } from '@formily/react';
import formSchema from '../../../schemas/_meta/form.schema.json';
import type { WidgetItem } from '../../../src/core/schema/types.generated.ts';
import { compileForm } from '../../../src/runtime/renderers/form/compile.ts';
import type { WidgetRegistration } from '../../../src/runtime/widgets/contract.ts';
import { formComponentsOf } from '../../../src/widgets/components.ts';
import { widgetKit, widgetRegistry } from '../../../src/widgets/registry.ts';

/* The registry is the one list of widgets: the meta-schema and the component map follow it. */
describe('widget registry', () => {
  it("the meta-schema's WidgetType enum names exactly the registered widgets", () => {
    const enumTypes = [...formSchema.definitions.WidgetType.enum].sort();
    const registered = [...widgetRegistry.keys()].sort();
    expect(
      registered,
      'schemas/_meta/form.schema.json definitions.WidgetType.enum differs from src/widgets/registry.ts: add the type to (or take it out of) the enum, then run `npm run gen:types` and `npx tsx src/designer/state/validators/generate.ts`',
    ).toEqual(enumTypes);
  });

  it('every component a compiled widget names is in the kit', () => {
    const item = (w: WidgetRegistration, i: number): WidgetItem => {
      const it = { ...w.scaffold(), key: `${w.type}_${i}`, model: `f${i}` } as WidgetItem;
      // A sub-table with a column, so its cells (decorated fields) compile too.
      if (w.type === 'batch') it.list = [{ ...widgetRegistry.get('input')!.scaffold(), key: 'cell', model: 'cell' } as WidgetItem];
      return it;
    };
    const schema = compileForm({ list: [...widgetRegistry.values()].map(item), config: {} });
    const named = new Set<string>();
    const walk = (node: ISchema) => {
      for (const slot of ['x-component', 'x-decorator'] as const) if (typeof node[slot] === 'string') named.add(node[slot].split('.')[0]);
      for (const child of Object.values(node.properties ?? {})) walk(child as ISchema);
      if (node.items && !Array.isArray(node.items)) walk(node.items as ISchema);
    };
    walk(schema);
    expect([...named].filter((name) => !widgetKit.components[name])).toEqual([]);
    expect(named.size).toBeGreaterThan(30);
  });

  it('two widgets may share a component but not a component name', () => {
    const a = { type: 'input', components: { Same: () => null } } as unknown as WidgetRegistration;
    const b = { type: 'textarea', components: { Same: () => null } } as unknown as WidgetRegistration;
    expect(() => formComponentsOf([a, b])).toThrow(/textarea.*Same/);
    expect(formComponentsOf([a, { ...b, components: a.components }]).Same).toBe(a.components!.Same);
  });

  it('every widget folder has its test beside it (src/widgets/<folder>/<folder>.test.tsx or another *.test.tsx)', () => {
    const root = new URL('../../../src/widgets/', import.meta.url);
    const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(new URL(`${d.name}/index.ts`, root)));
    const untested = folders.filter((d) => !readdirSync(new URL(`${d.name}/`, root)).some((f) => f.endsWith('.test.tsx'))).map((d) => d.name);
    expect(folders.length).toBeGreaterThan(30);
    expect(untested).toEqual([]);
  });
});
