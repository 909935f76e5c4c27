import type { WidgetItem } from '../../core/schema/types.generated.ts';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { UploadField } from '../upload/UploadField.tsx';
import { uploadFileMock } from './mock.tsx';
import { filesReadable } from '../upload/readable.tsx';

/** The upload options both file widgets pass on (spec section 3, widget options by type). */
export const uploadProps = (item: WidgetItem) => ({
  limit: item.options?.limit,
  fileName: item.options?.fileName,
  data: item.options?.data,
  action: item.options?.action,
  listType: item.options?.listType,
  multiple: item.options?.multiple,
  drag: item.options?.drag,
});

export const uploadFile: WidgetRegistration = {
  type: 'uploadFile',
  label: '上传文件',
  group: 'basic',
  data: true,
  components: { UploadField },
  settings: [
    'width',
    'defaultValue',
    'limit',
    'action',
    'fileName',
    'data',
    'headers',
    'downloadWay',
    'dynamicFun:download',
    'multiple:files',
    'drag',
    'hidden',
    'disabled',
  ],
  mock: uploadFileMock,
  schema: (item) => ({ type: 'string', 'x-component': 'UploadField', 'x-component-props': { kind: 'file', ...uploadProps(item) } }),
  readable: filesReadable,
  scaffold: () => ({
    type: 'uploadFile',
    label: '上传文件',
    icon: 'icon-upload',
    options: {
      defaultValue: '',
      multiple: false,
      disabled: false,
      hidden: false,
      drag: false,
      downloadWay: 'a',
      dynamicFun: '',
      width: '100%',
      limit: 3,
      data: '{}',
      fileName: 'file',
      headers: {},
      action: '',
    },
    rules: [{ required: false, message: '必填项' }],
  }),
};
