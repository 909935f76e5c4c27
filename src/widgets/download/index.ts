import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';

export const download: WidgetRegistration = {
  type: 'download',
  label: '文件下载',
  group: 'advanced',
  data: true,
  schema: () => ({ type: 'string', 'x-component': 'DownloadField' }),
  scaffold: () => ({ type: 'download', label: '文件下载', icon: 'icon-xiazai', options: { defaultValue: '', hidden: false, disabled: false }, rules: [{ required: false, message: '必填项' }] }),
};
