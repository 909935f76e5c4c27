import { provideWidgetKit } from '../runtime/widgets/kit.ts';

/** Hands the widget kit to the runtime; the kit's code loads when the first form or list needs it. */
export function installWidgets(): void {
  provideWidgetKit(() => import('./registry.ts').then((m) => m.widgetKit));
}
