import { sourceProps } from '../options-source/props.ts';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { SourceRadio } from '../options-source/components.tsx';
import { radioMock } from '../options-source/mock.tsx';
import { optionsLookup } from '../../runtime/renderers/detail/readable.ts';

export const radio: WidgetRegistration = {
  type: 'radio',
  label: '单选框',
  group: 'basic',
  data: true,
  components: { SourceRadio },
  settings: ['defaultValue', 'hidden', 'disabled'],
  mock: radioMock,
  schema: (item) => ({ type: 'string', 'x-component': 'SourceRadio', 'x-component-props': sourceProps(item) }),
  readable: { lookup: optionsLookup },
  scaffold: () => ({
    type: 'radio',
    label: '单选框',
    icon: 'icon-danxuan-cuxiantiao',
    options: {
      disabled: false,
      hidden: false,
      defaultValue: '',
      dynamicKey: '',
      dynamic: 'static',
      options: [
        { value: '1', label: '选项1' },
        { value: '2', label: '选项2' },
      ],
    },
    rules: [{ required: false, message: '必填项' }],
  }),
};
