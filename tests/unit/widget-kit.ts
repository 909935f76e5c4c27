import { loadWidgetKit, provideWidgetKit } from '../../src/runtime/widgets/kit.ts';

/* Tests that compile forms hand the runtime the widget kit first, as main.tsx does. */
provideWidgetKit(() => import('../../src/widgets/registry.ts').then((m) => m.widgetKit));
await loadWidgetKit();
