import { describe, expect, it } from 'vitest';
import { antdStylesheet, importedComponents, renderedStyles } from '../../build/antd-static-styles.ts';

/** The sheet's closing rule: each style's cache path → its hash, as cssinjs reads it in the browser. */
const cachePaths = (css: string): string[] =>
  (css.match(/\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/)?.[1] ?? '').split(';').map((entry) => entry.split(':')[0]);

describe("the build's antd stylesheet", () => {
  it('lists the antd components the client imports, values only', () => {
    const names = importedComponents();
    for (const name of ['Form', 'Table', 'Modal', 'Select', 'Menu', 'Tabs', 'message', 'notification']) expect(names).toContain(name);
    // Wrappers and types are no component to draw.
    for (const name of ['ConfigProvider', 'App', 'ButtonProps', 'ThemeConfig']) expect(names).not.toContain(name);
  });

  it("holds every drawn component's style under the shell's token, with the map cssinjs reads", () => {
    const css = renderedStyles(false);
    const paths = cachePaths(css);
    // Components drawn bare, as forwardRef objects (Form, Select), and through their panels (Modal, message).
    for (const style of ['Form-Form', 'Select-Select', 'Table-Table', 'Menu-Menu', 'Tabs-Tabs', 'Modal-Modal', 'Message-Message', 'Button-Button'])
      expect(paths.some((path) => path.includes(`|${style}|`))).toBe(true);
    for (const cls of ['.ant-form-item', '.ant-table', '.ant-modal', '.ant-menu', '.ant-select']) expect(css).toContain(cls);
  });

  it('writes one sheet per motion setting: their tokens differ', () => {
    const hashClass = (css: string) => css.match(/:where\(\.(css-[\w-]+)\)/)?.[1];
    expect(hashClass(renderedStyles(true))).not.toBe(hashClass(renderedStyles(false)));
  });

  it('is refused when antd is loaded as in development (its classes would not be those the built client uses)', () => {
    // Vitest loads antd with NODE_ENV=test: its classes are css-dev-only-…
    expect(() => antdStylesheet(false)).toThrow(/NODE_ENV=production/);
  });
});
