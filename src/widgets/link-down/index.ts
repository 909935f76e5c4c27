import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockSelect } from '../mock-kit.tsx';
import { LinkDownField } from './LinkDownField.tsx';

/* The linked dropdown over one tree table (spec sections 3, 4 and 7). */
export const linkDown: WidgetRegistration = {
  type: 'linkDown',
  label: '联动下拉框',
  group: 'advanced',
  data: true,
  components: { LinkDownField },
  settings: [
    'placeholder',
    'defaultValue:plain',
    'linkTable',
    'linkTxt',
    'linkKey',
    'linkIdField',
    'linkPidField',
    'condition:linkDown',
    'linkFields',
    'hidden',
    'disabled',
  ],
  mock: mockSelect,
  schema: (item) => ({
    type: 'string',
    'x-component': 'LinkDownField',
    'x-component-props': {
      table: item.options?.linkTable,
      txt: item.options?.linkTxt,
      linkKey: item.options?.linkKey,
      idField: item.options?.linkIdField,
      pidField: item.options?.linkPidField,
      condition: item.options?.condition,
      linkFields: item.options?.linkFields,
      placeholder: item.options?.placeholder,
    },
  }),
  scaffold: () => ({
    type: 'linkDown',
    label: '联动下拉框',
    icon: 'icon-xiala',
    options: {
      defaultValue: '',
      placeholder: '请选择',
      hidden: false,
      disabled: false,
      linkTable: '',
      linkTxt: '',
      linkKey: '',
      linkIdField: 'id',
      linkPidField: '',
      condition: '',
      linkFields: '',
    },
    rules: [{ required: false, message: '必填项' }],
  }),
};
