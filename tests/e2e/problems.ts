import type { Page } from '@playwright/test';

/**
 * Collects what a page reports as going wrong: uncaught errors, unhandled promise rejections (caught in
 * the page as well, whatever the browser reports by itself) and, with `console`, console errors.
 * Call before the page's first navigation.
 */
export async function watchProblems(page: Page, { console: withConsole = true } = {}): Promise<string[]> {
  const problems: string[] = [];
  // Once per document, however many tests have asked on this (kept) page.
  await page.addInitScript(() => {
    const marked = window as unknown as { watchingRejections?: boolean };
    if (marked.watchingRejections) return;
    marked.watchingRejections = true;
    window.addEventListener('unhandledrejection', (e) => console.error(`unhandledrejection: ${String((e as PromiseRejectionEvent).reason)}`));
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (withConsole || m.text().startsWith('unhandledrejection:')) problems.push(`console: ${m.text()}`);
  });
  return problems;
}
