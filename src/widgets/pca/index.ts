import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockSelect } from '../mock-kit.tsx';
import { PcaField } from './PcaField.tsx';
import { SEPARATOR } from '../../runtime/renderers/detail/readable.ts';
import { loadAreas, regionNames } from './areas.ts';
import { PcaQueryInput } from './PcaQueryInput.tsx';

export const pca: WidgetRegistration = {
  type: 'pca',
  label: '省市区',
  group: 'advanced',
  data: true,
  components: { PcaField },
  settings: ['placeholder', 'defaultValue', 'areaType', 'hidden', 'disabled'],
  mock: mockSelect,
  schema: (item) => ({
    type: 'string',
    'x-component': 'PcaField',
    'x-component-props': { areaType: item.options?.areaType ?? 'cascader', placeholder: item.options?.placeholder },
  }),
  readable: { lookup: () => async (items) => (await loadAreas().then((areas) => items.map((c) => regionNames(areas, c)))).join(SEPARATOR) },
  query: { views: ['pca'], Input: PcaQueryInput },
  scaffold: () => ({
    type: 'pca',
    label: '省市区',
    icon: 'icon-ditu',
    options: { defaultValue: '', hidden: false, disabled: false, areaType: 'cascader', placeholder: '请选择省市区' },
    rules: [{ required: false, message: '必填项' }],
  }),
};
