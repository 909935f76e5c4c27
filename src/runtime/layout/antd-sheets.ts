import sheets from 'virtual:antd-sheets';

/*
 * antd's styles come from the build's stylesheets (build/antd-static-styles.ts), linked here rather than by
 * index.html, so the login route — drawn without antd — neither waits for nor parses them. cssinjs reads their map
 * of ready styles once, when antd first draws: the sheet must have loaded by then, or every style would be
 * generated in the page. lazyInAntd waits for it before drawing a screen (./antd-lazy.tsx).
 */
let linked: Promise<void> | undefined;

const matching = (media: string) => !window.matchMedia || window.matchMedia(media).matches;

/** Links the sheets (once), first in the head so the app's own CSS wins ties; resolves when the one that applies has loaded. */
export function linkAntdSheets(): Promise<void> {
  linked ??= Promise.all(
    sheets.map(
      ({ href, media }) =>
        new Promise<void>((resolve) => {
          const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, media });
          // A sheet that fails to load leaves cssinjs to generate the styles: drawn all the same.
          link.onload = link.onerror = () => resolve();
          document.head.prepend(link);
          // The other motion setting's sheet is fetched at low priority and is not waited for.
          if (!matching(media)) resolve();
        }),
    ),
  ).then(() => undefined);
  return linked;
}

/** Fetches the sheet that applies into the cache while the page is idle (the login page), without applying it. */
export function prefetchAntdSheets(): void {
  for (const { href, media } of sheets)
    if (matching(media) && !document.querySelector(`link[href="${href}"]`))
      document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', href, as: 'style' }));
}
