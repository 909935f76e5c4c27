import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockNote } from '../mock-kit.tsx';
import { filesReadable } from '../upload/readable.tsx';
import { DownloadField } from './DownloadField.tsx';

export const download: WidgetRegistration = {
  type: 'download',
  label: '文件下载',
  group: 'advanced',
  data: true,
  components: { DownloadField },
  settings: ['defaultValue', 'hidden', 'disabled'],
  mock: () => mockNote('下载文件'),
  schema: () => ({ type: 'string', 'x-component': 'DownloadField' }),
  // A detail links the files, as an upload's does, instead of printing their stored paths.
  readable: filesReadable,
  scaffold: () => ({
    type: 'download',
    label: '文件下载',
    icon: 'icon-xiazai',
    options: { defaultValue: '', hidden: false, disabled: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
