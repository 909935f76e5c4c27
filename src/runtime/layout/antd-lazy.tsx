import { type ComponentType, lazy } from 'react';
import { linkAntdSheets } from './antd-sheets.ts';

/*
 * The login page is drawn without antd (its login kit), so antd's configuration — the ConfigProvider with its
 * theme and locale, and the theme code behind it — loads with the first screen that uses antd components, not with
 * the login route (issue 21: 25 KB gzip and a fifth of its script time). Every such screen the router reaches is
 * loaded through lazyInAntd: the signed-in layout (and so every page in it) and the login area's other pages. It is
 * drawn once antd's stylesheet has loaded (./antd-sheets.ts).
 */
export function lazyInAntd<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ AntdRoot }, { default: Page }] = await Promise.all([import('./AntdRoot.tsx'), load(), linkAntdSheets()]);
    const InAntd = (props: P) => (
      <AntdRoot>
        <Page {...props} />
      </AntdRoot>
    );
    return { default: InAntd };
  });
}
