import type { WidgetKit, WidgetRegistration, WidgetType } from './contract.ts';

/*
 * The widget kit, handed to the runtime by the application (main.tsx, Storybook, tests) as a loader, so
 * the widgets stay out of the runtime's imports and out of the first screen's bundle: the kit loads when
 * the first form, query bar or detail needs it. Components that need it call useWidgetKit(), which
 * suspends until it has loaded.
 */

let loader: (() => Promise<WidgetKit>) | undefined;
let loaded: WidgetKit | undefined;
let pending: Promise<WidgetKit> | undefined;

export function provideWidgetKit(load: () => Promise<WidgetKit>): void {
  loader = load;
}

export function loadWidgetKit(): Promise<WidgetKit> {
  if (loaded) return Promise.resolve(loaded);
  if (!loader) return Promise.reject(new Error('no widget kit: the application calls provideWidgetKit at start-up'));
  pending ??= loader().then(
    (kit) => (loaded = kit),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The kit once loaded; code that runs during render gets there through useWidgetKit first. */
export function widgetKit(): WidgetKit {
  if (!loaded) throw new Error('the widget kit has not loaded yet (useWidgetKit or loadWidgetKit first)');
  return loaded;
}

/** The kit, suspending the calling component (React Suspense) until it has loaded. */
export function useWidgetKit(): WidgetKit {
  if (loaded) return loaded;
  throw loadWidgetKit();
}

export const widgetOf = (type: string): WidgetRegistration | undefined => widgetKit().widgets.get(type as WidgetType);
