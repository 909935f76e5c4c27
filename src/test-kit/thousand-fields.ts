import type { FormDef, WidgetItem } from '../core/schema/types.generated.ts';

/*
 * A designer form of 1,000 text fields: ten cards (or `cards`), each a two-column grid of 50 + 50. 字段1 and
 * 字段1000 are required (请输入字段N); 字段999 has the default 默认值.
 */
function field(n: number): WidgetItem {
  const model = `f${String(n).padStart(4, '0')}`;
  // The first and the last field are required; the one before the last has a default.
  const required = n === 1 || n === 1000;
  return {
    type: 'input',
    key: `input_${model}`,
    model,
    label: `字段${n}`,
    options: { width: '100%', ...(n === 999 ? { defaultValue: '默认值' } : {}) },
    rules: [{ required, message: `请输入字段${n}` }],
  };
}

export function thousandFields(cards = 10): FormDef {
  let n = 0;
  const list: WidgetItem[] = Array.from({ length: cards }, (_, c) => ({
    type: 'card',
    key: `card_${c}`,
    label: `第${c + 1}组`,
    options: {},
    list: [
      {
        type: 'grid',
        key: `grid_${c}`,
        label: '栅格布局',
        options: { gutter: 0 },
        columns: [0, 1].map(() => ({ span: 12, list: Array.from({ length: 50 }, () => field(++n)) })),
      },
    ],
  }));
  return { list, config: { layout: 'horizontal', labelCol: { span: 6 }, wrapperCol: { span: 16 } } };
}
