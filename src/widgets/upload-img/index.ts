import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { UploadField } from '../upload/UploadField.tsx';
import { uploadImgMock } from './mock.tsx';
import { imagesReadable } from '../upload/readable.tsx';
import { uploadProps } from '../upload-file/index.ts';

export const uploadImg: WidgetRegistration = {
  type: 'uploadImg',
  label: '上传图片',
  group: 'basic',
  data: true,
  components: { UploadField },
  settings: ['width', 'defaultValue', 'limit', 'listType', 'action', 'fileName', 'data', 'headers', 'multiple:files', 'hidden', 'disabled'],
  mock: uploadImgMock,
  schema: (item) => ({ type: 'string', 'x-component': 'UploadField', 'x-component-props': { kind: 'image', ...uploadProps(item) } }),
  readable: imagesReadable,
  scaffold: () => ({
    type: 'uploadImg',
    label: '上传图片',
    icon: 'icon-image',
    options: {
      defaultValue: '',
      multiple: false,
      hidden: false,
      disabled: false,
      width: '100%',
      data: '{}',
      limit: 3,
      fileName: 'file',
      headers: {},
      action: '',
      listType: 'picture-card',
    },
    rules: [{ required: false, message: '必填项' }],
  }),
};
