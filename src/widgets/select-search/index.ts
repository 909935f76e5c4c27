import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockSelect } from '../mock-kit.tsx';
import { SearchSelectField } from './SearchSelectField.tsx';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { tableDictCode } from '../../runtime/dict/api.ts';
import { dictLookup } from '../../runtime/renderers/detail/readable.ts';
import type { DataRecord } from '../../runtime/schema/api.ts';
import { followField } from './follow-field.ts';

/** The table dictionary behind the value; with dictByField, the one the record's type field picks (none for a URL). */
function searchDictOf(widget: WidgetItem, record: DataRecord): string | undefined {
  const o = widget.options ?? {};
  if (o.dictByField) return o.dictByField.dicts[String(record[o.dictByField.field] ?? '')];
  return tableDictCode(o.dictTable, o.dictText, o.dictCode);
}

export const selectSearch: WidgetRegistration = {
  type: 'selectSearch',
  label: '搜索下拉框',
  group: 'advanced',
  data: true,
  components: { SearchSelectField },
  settings: ['placeholder', 'defaultValue', 'dictTable', 'dictText', 'dictCode', 'hidden', 'disabled'],
  mock: mockSelect,
  schema: (item) => ({
    type: 'string',
    'x-component': 'SearchSelectField',
    'x-component-props': {
      dictTable: item.options?.dictTable,
      dictText: item.options?.dictText,
      dictCode: item.options?.dictCode,
      placeholder: item.options?.placeholder,
      dictByField: item.options?.dictByField,
    },
    'x-reactions': followField(item),
  }),
  readable: {
    lookup: (widget, record) => {
      const code = searchDictOf(widget, record);
      return code ? dictLookup(code) : undefined;
    },
  },
  scaffold: () => ({
    type: 'selectSearch',
    label: '搜索下拉框',
    icon: 'icon-xiala',
    options: { defaultValue: '', hidden: false, disabled: false, placeholder: '请输入关键字搜索', dictTable: '', dictText: '', dictCode: '' },
    rules: [{ required: false, message: '必填项' }],
  }),
};
