import type { ISchema } from '@formily/react';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { ArrayTable, FormItem } from '@formily/antd-v5';

/**
 * The batch sub-table (spec: 'a batch sub-table with add and delete rows'): an array of rows, one
 * column per child widget, each cell validated like a form field. Rows are stored in the child
 * entity named by options.onlineFormCode.
 */
export const batch: WidgetRegistration = {
  type: 'batch',
  label: '动态表格',
  group: 'layout',
  data: true,
  components: { ArrayTable, FormItem },
  settings: ['width', 'onlineFormCode', 'scrollY', 'showLabel', 'hideSequence', 'hidden', 'disabled'],
  schema: (item, ctx) => {
    const cells = ctx.compileList(item.list);
    const columns: Record<string, ISchema> = {};
    if (!item.options?.hideSequence)
      columns.__index = {
        type: 'void',
        'x-component': 'ArrayTable.Column',
        'x-component-props': { title: '#', width: 50, align: 'center' },
        properties: { index: { type: 'void', 'x-component': 'ArrayTable.Index' } },
      };
    for (const [name, cell] of Object.entries(cells)) {
      columns[`__col_${name}`] = {
        type: 'void',
        'x-component': 'ArrayTable.Column',
        'x-component-props': { title: cell.title, width: 160 },
        properties: { [name]: { ...cell, title: undefined, 'x-decorator': 'FormItem', 'x-decorator-props': { labelCol: 0, wrapperCol: 24 } } },
      };
    }
    columns.__operations = {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: '操作', width: 70, align: 'center' },
      properties: { remove: { type: 'void', 'x-component': 'ArrayTable.Remove' } },
    };
    return {
      type: 'array',
      'x-component': 'ArrayTable',
      'x-component-props': {
        pagination: false,
        scroll: item.options?.scrollY ? { y: item.options.scrollY, x: 'max-content' } : { x: 'max-content' },
        size: 'small',
        bordered: true,
      },
      items: { type: 'object', properties: columns },
      properties: { add: { type: 'void', title: '新增一行', 'x-component': 'ArrayTable.Addition' } },
    };
  },
  scaffold: () => ({
    type: 'batch',
    label: '动态表格',
    icon: 'icon-biaoge',
    list: [],
    options: { scrollY: 0, width: '100%', hidden: false, disabled: false, showLabel: false, hideSequence: false, onlineFormCode: '' },
  }),
};
