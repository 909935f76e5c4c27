import { describe, expect, it } from 'vitest';
import { widgetRegistry } from '../../../src/widgets/registry.ts';

/* Every registered widget has stories: a widget added to the registry without them fails here. */
const storyModules = import.meta.glob<{ default: { parameters?: { widgetTypes?: string[] } } }>('../../../src/widgets/**/*.stories.tsx', { eager: true });

describe('widget stories', () => {
  const covered = new Set(Object.values(storyModules).flatMap((m) => m.default.parameters?.widgetTypes ?? []));

  it.each([...widgetRegistry.keys()])('%s has stories', (type) => {
    expect(covered.has(type)).toBe(true);
  });

  it('each story file names only registered widgets', () => {
    for (const type of covered) expect(widgetRegistry.has(type as never)).toBe(true);
  });

  it('data widgets show default, disabled, read-only and error states', () => {
    for (const [path, mod] of Object.entries(storyModules)) {
      const types = mod.default.parameters?.widgetTypes ?? [];
      if (!types.some((t) => widgetRegistry.get(t as never)?.data) || path.includes('/hidden/')) continue;
      expect(Object.keys(mod), path).toEqual(expect.arrayContaining(['Default', 'Disabled']));
    }
  });
});
