import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { ThemeConfig } from 'antd';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ComponentType, createElement as h, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
import { DEFAULT_PRIMARY, ROOT_THEME, shellTheme } from '../src/runtime/layout/antd-theme.ts';

/*
 * antd writes its styles at run time: the first time a component is drawn, its style object is built, serialised
 * by stylis and inserted as a <style>, and every insertion scans the styles already there (rc-util's updateCSS) —
 * about a third of a list screen's first-load script time in Chromium, measured. antd's documented way out is
 * the whole-CSS extraction: the build renders every component once under the theme the app uses and writes what
 * cssinjs generated to a stylesheet, closed by a rule whose `content` maps each style's cache path to its hash.
 * cssinjs reads that map once; a component whose path is in it takes its style from the file and generates nothing,
 * and any other (a colour a user chose in 系统风格, a component this list lacks) is generated as before.
 *
 * The theme's token includes `motion` (false for someone who asks for reduced motion), so there are two sheets, each
 * applied under its media query: the browser applies, and cssinjs reads the map of, only the one that matches.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

/** Components drawn with what they need to draw; the others are drawn bare. */
const CUSTOM: Record<string, (C: ComponentType<any>) => ReactNode> = {
  Affix: (C) => h(C, null, h('div')),
  Dropdown: (C) => h(C, { menu: { items: [] } }, h('div')),
  // The side menu's sider has a style of its own; the tags' colours are a style apart from the tag's.
  Layout: (C: any) => h(C, null, h(C.Sider), h(C.Header), h(C.Content), h(C.Footer)),
  Menu: (C) => h(C, { items: [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }, { type: 'divider' }] }),
  Popconfirm: (C) => h(C, { title: 't' }, h('span')),
  Popover: (C) => h(C, { content: 'c' }, h('span')),
  QRCode: (C) => h(C, { value: 'hope' }),
  Tag: (C) => h(C, { color: 'blue' }),
  Tooltip: (C) => h(C, { title: 't' }, h('span')),
  Tree: (C) => h(C, { treeData: [] }),
};
/** Wrappers, and what is no component. */
const SKIPPED = new Set(['ConfigProvider', 'App', 'Grid', 'Tour', 'Watermark']);
/** What antd's App gives every screen (its message and notification hooks), whether imported or not; drawn through their panels. */
const HOOKED = ['message', 'notification'];

/**
 * The antd components the client imports — its own code and the Formily components it uses — by name: only their
 * styles go into the sheet (all of antd's would be 1.3 MB, half of it never drawn here).
 */
export function importedComponents(roots = [join(root, 'src'), join(root, 'node_modules/@formily/antd-v5/esm')]): string[] {
  const names = new Set(HOOKED);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(tsx?|js)$/.test(entry.name) && !/\.(test|stories)\./.test(entry.name))
        for (const [, list] of readFileSync(path, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]antd['"]/g))
          for (const part of list.split(',')) if (!/^\s*type\s/.test(part)) names.add(part.trim().split(/\s+as\s+/)[0]);
    }
  };
  roots.forEach(walk);
  // Types imported without `import type` are no value of antd's.
  return [...names].filter((name) => (/^[A-Z]/.test(name) || HOOKED.includes(name)) && name in antd && !SKIPPED.has(name)).sort();
}

type Drawable = ComponentType<any> & { _InternalPanelDoNotUseOrYouWillBeFired?: ComponentType<any> };

/**
 * Each component once, drawn bare: a style is registered by the component itself, even where what it shows goes
 * into a portal (a modal, a tooltip). Not through antd's internal panels: they draw under a token of their own
 * (no motion, popups at z-index 0) that the app never uses.
 */
function drawn(names: string[]): ReactNode[] {
  const all = antd as unknown as Record<string, Drawable>;
  return names.map((name) => {
    const C = all[name];
    if (HOOKED.includes(name)) return h(C._InternalPanelDoNotUseOrYouWillBeFired!, { key: name, content: 'c' });
    return h(Fragment, { key: name }, CUSTOM[name]?.(C) ?? h(C));
  });
}

/** The CSS cssinjs generates for the imported antd components under the signed-in shell's theme, with its cache-path map. */
export function renderedStyles(motion: boolean): string {
  const cache = createCache();
  const error = console.error;
  // React's warnings about the panels' server rendering (rc-select's `visible` attribute) are no concern of a stylesheet.
  console.error = () => {};
  try {
    const shell: ThemeConfig = shellTheme(DEFAULT_PRIMARY);
    renderToString(
      h(
        StyleProvider,
        { cache },
        h(antd.ConfigProvider, { theme: ROOT_THEME(motion) }, h(antd.ConfigProvider, { theme: shell }, h(antd.App, null, drawn(importedComponents())))),
      ),
    );
  } finally {
    console.error = error;
  }
  return extractStyle(cache, { plain: true });
}

/** renderedStyles, refused unless antd runs as the built client does. */
export function antdStylesheet(motion: boolean): string {
  const css = renderedStyles(motion);
  // antd reads NODE_ENV as it loads: outside a production build its classes are `css-dev-only-…`, which the built
  // client never uses — and the map would still tell it not to generate them, leaving every component unstyled.
  if (css.includes('css-dev-only-do-not-override')) throw new Error('antd-static-styles: antd was loaded outside a production build (NODE_ENV=production)');
  return css;
}

/** What the client imports for the sheets' addresses and media queries (src/runtime/layout/antd-sheets.ts). */
export const ANTD_SHEETS_ID = 'virtual:antd-sheets';
const RESOLVED_SHEETS = `\0${ANTD_SHEETS_ID}`;

/**
 * The build's plugin: both sheets as assets, and their addresses as the module `virtual:antd-sheets`. They are not
 * linked by index.html: the login route draws nothing with antd, and 850 KB of CSS in the head held its scripts back
 * (a stylesheet in the head blocks the scripts after it) and took 40 ms to parse; the client links them, before the
 * app's own CSS so that it wins ties, as the first screen drawn with antd loads. Outside the app's build (the dev
 * server, Storybook, Vitest) the module names none, and cssinjs generates the styles as it draws.
 */
export function antdStaticStyles(): Plugin {
  const sheets: { fileName: string; source: string; media: string }[] = [];
  let base = '/';
  let enabled = true;
  return {
    name: 'antd-static-styles',
    configResolved(config) {
      base = config.base;
      // The app's build only (index.html): Storybook's build reads this config too, with its own input.
      enabled = config.command === 'build' && !config.build.rollupOptions.input && !config.build.ssr;
    },
    buildStart() {
      sheets.length = 0;
      if (!enabled) return;
      for (const [motion, media] of [
        [true, '(prefers-reduced-motion: no-preference)'],
        [false, '(prefers-reduced-motion: reduce)'],
      ] as const) {
        const source = antdStylesheet(motion);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        sheets.push({ fileName: `assets/antd-${motion ? 'motion' : 'still'}-${hash}.css`, source, media });
      }
    },
    resolveId: (id) => (id === ANTD_SHEETS_ID ? RESOLVED_SHEETS : null),
    load(id) {
      if (id !== RESOLVED_SHEETS) return null;
      const list = sheets.map(({ fileName, media }) => ({ href: `${base}${fileName}`, media }));
      return `export default ${JSON.stringify(list)};`;
    },
    generateBundle() {
      for (const { fileName, source } of sheets) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
