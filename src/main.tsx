import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { ROOT_THEME } from './runtime/layout/antd-theme.ts';
import { usePrefersReducedMotion } from './runtime/layout/motion.ts';
import { ScrollToTop } from './runtime/session/ScrollToTop.tsx';
import './styles/global.css';
import { installWidgets } from './widgets/install.ts';

installWidgets();

function Root() {
  const motion = !usePrefersReducedMotion();
  const theme = useMemo(() => ROOT_THEME(motion), [motion]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <HashRouter>
        <ScrollToTop />
        <App />
      </HashRouter>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
