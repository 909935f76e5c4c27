import { sourceProps } from '../options-source/props.ts';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { SourceSelect } from '../options-source/components.tsx';
import { selectMock } from '../options-source/mock.tsx';
import { optionsLookup } from '../../runtime/renderers/detail/readable.ts';

export const select: WidgetRegistration = {
  type: 'select',
  label: '下拉选择框',
  group: 'basic',
  data: true,
  components: { SourceSelect },
  settings: ['width', 'placeholder', 'defaultValue', 'multiple', 'showSearch', 'clearable', 'hidden', 'disabled'],
  mock: selectMock,
  schema: (item) => ({
    type: item.options?.multiple ? 'array' : 'string',
    'x-component': 'SourceSelect',
    'x-component-props': {
      ...sourceProps(item),
      mode: item.options?.multiple ? 'multiple' : undefined,
      placeholder: item.options?.placeholder ?? '请选择',
      style: { width: item.options?.width ?? '100%' },
    },
  }),
  readable: { lookup: optionsLookup },
  scaffold: () => ({
    type: 'select',
    label: '下拉选择框',
    icon: 'icon-xiala',
    options: {
      width: '100%',
      defaultValue: '',
      multiple: false,
      disabled: false,
      clearable: false,
      hidden: false,
      placeholder: '请选择',
      dynamicKey: '',
      dynamic: 'static',
      options: [
        { value: '1', label: '下拉框1' },
        { value: '2', label: '下拉框2' },
      ],
      showSearch: false,
    },
    rules: [{ required: false, message: '必填项' }],
  }),
};
