import type { Preview } from '@storybook/react-vite';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { seedStoryDictionaries } from '../src/widgets/story-kit/dictionaries.ts';
import '../src/styles/global.css';

dayjs.locale('zh-cn');
// Widgets read dictionaries from the client cache first, so stories need no server for them.
seedStoryDictionaries();

const preview: Preview = {
  decorators: [
    (Story) => (
      <ConfigProvider locale={zhCN}>
        <div style={{ padding: 24, maxWidth: 720 }}>
          <Story />
        </div>
      </ConfigProvider>
    ),
  ],
};

export default preview;
