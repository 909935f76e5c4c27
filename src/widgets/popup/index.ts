import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockSelect } from '../mock-kit.tsx';
import { PopupField } from './PopupField.tsx';
import { PopupQueryInput } from './PopupQueryInput.tsx';

/* The popup picker over an online report (spec sections 2, 3 and 5). */
export const popup: WidgetRegistration = {
  type: 'popup',
  label: 'Popup弹框',
  group: 'advanced',
  data: true,
  components: { PopupField },
  settings: ['width', 'placeholder', 'defaultValue:plain', 'popupCode', 'orgFields', 'destFields', 'multiple', 'groupId', 'hidden', 'disabled'],
  mock: mockSelect,
  schema: (item) => ({
    type: 'string',
    'x-component': 'PopupField',
    'x-component-props': {
      popupCode: item.options?.popupCode,
      orgFields: item.options?.orgFields,
      destFields: item.options?.destFields,
      multi: item.options?.multiple,
      groupId: item.options?.groupId,
      placeholder: item.options?.placeholder,
    },
  }),
  query: { views: ['popup'], Input: PopupQueryInput },
  scaffold: () => ({
    type: 'popup',
    label: 'Popup弹框',
    icon: 'icon-popup',
    options: {
      width: '100%',
      defaultValue: '',
      placeholder: '请选择',
      hidden: false,
      disabled: false,
      popupCode: '',
      orgFields: '',
      destFields: '',
      multiple: false,
      groupId: '',
    },
    rules: [{ required: false, message: '必填项' }],
  }),
};
