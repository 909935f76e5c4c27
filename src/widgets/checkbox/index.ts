import { sourceProps } from '../options-source/props.ts';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { SourceCheckbox } from '../options-source/components.tsx';
import { checkboxMock } from '../options-source/mock.tsx';
import { optionsLookup } from '../../runtime/renderers/detail/readable.ts';

/** Values travel as a comma list (JeecgBoot's convention), so the column stays a plain string. */
export const checkbox: WidgetRegistration = {
  type: 'checkbox',
  label: '多选框',
  group: 'basic',
  data: true,
  components: { SourceCheckbox },
  settings: ['defaultValue:tags', 'hidden', 'disabled'],
  mock: checkboxMock,
  schema: (item) => ({ type: 'string', 'x-component': 'SourceCheckbox', 'x-component-props': sourceProps(item) }),
  readable: { lookup: optionsLookup },
  scaffold: () => ({
    type: 'checkbox',
    label: '多选框',
    icon: 'icon-duoxuan1',
    options: {
      disabled: false,
      hidden: false,
      defaultValue: [],
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
