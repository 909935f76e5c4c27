import type { Preview } from '@storybook/react-vite';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { seedStoryDictionaries } from '../src/widgets/story-kit/dictionaries.ts';
import { Suspense } from 'react';
import '../src/styles/global.css';
import { installWidgets } from '../src/widgets/install.ts';

dayjs.locale('zh-cn');
installWidgets();
// Widgets read dictionaries from the client cache first, so stories need no server for them.
seedStoryDictionaries();

const preview: Preview = {
  decorators: [
    (Story) => (
      <ConfigProvider locale={zhCN}>
        <div style={{ padding: 24, maxWidth: 720 }}>
          {/* Forms suspend until the widget kit has loaded. */}
          <Suspense fallback={null}>
            <Story />
          </Suspense>
        </div>
      </ConfigProvider>
    ),
  ],
};

export default preview;
