import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { ScrollToTop } from './runtime/session/ScrollToTop.tsx';
import './styles/global.css';
import { installWidgets } from './widgets/install.ts';

installWidgets();

// antd's theme and locale wrap the screens drawn with antd, as they load (src/runtime/layout/antd-lazy.tsx).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HashRouter>
      <ScrollToTop />
      <App />
    </HashRouter>
  </StrictMode>,
);
