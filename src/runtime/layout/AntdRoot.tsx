import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { ROOT_THEME } from './antd-theme.ts';
import { usePrefersReducedMotion } from './motion.ts';

/** antd's locale and the app's root theme, for every screen drawn with antd components (see ./antd-lazy.tsx). */
export function AntdRoot({ children }: { children: ReactNode }) {
  const motion = !usePrefersReducedMotion();
  const theme = useMemo(() => ROOT_THEME(motion), [motion]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
