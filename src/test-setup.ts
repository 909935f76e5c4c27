import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installWidgets } from './widgets/install.ts';

/*
 * The component project's setup (vitest.config.ts): jest-dom's matchers, an empty document after each
 * test, what jsdom lacks that antd and the data table call, and the widget kit handed to the runtime as
 * main.tsx does (it loads when the first form, query input or detail needs it).
 */

// Testing Library cleans up by itself only where the test framework's globals are on; here they are not.
afterEach(() => cleanup());
// findBy… and waitFor wait up to 5 s (1 s by default): a loaded machine renders a form slower than that.
configure({ asyncUtilTimeout: 5000 });

// antd's responsive grid (Grid.useBreakpoint, Row) and its motion settings ask media queries: none match.
window.matchMedia = (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

// The data table watches its box for overflow; jsdom lays nothing out, so there is nothing to report.
globalThis.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// antd measures the scroll bar through a pseudo-element's style, which jsdom does not compute (it logs
// "Not implemented" each time): the element's own style answers instead.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

installWidgets();
