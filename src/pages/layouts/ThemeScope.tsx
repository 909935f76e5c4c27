import { App, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { shellTheme } from '../../runtime/layout/antd-theme.ts';

/**
 * The signed-in shell's theme: the chosen primary colour for every antd component inside, messages and
 * modals that follow it (App's hooks rather than antd's static functions), and colour-weak mode as a
 * body class, since it must also cover popups rendered outside the layout.
 */
export function ThemeScope({ color, weak, children }: { color: string; weak: boolean; children: ReactNode }) {
  const theme = useMemo(() => shellTheme(color), [color]);

  useEffect(() => {
    document.body.classList.toggle('colorWeak', weak);
    return () => document.body.classList.remove('colorWeak');
  }, [weak]);

  return (
    <ConfigProvider theme={theme}>
      {/* Notifications open below the header so they never cover the user menu. */}
      <App notification={{ top: 72 }} className="theme-scope">
        {children}
      </App>
    </ConfigProvider>
  );
}
