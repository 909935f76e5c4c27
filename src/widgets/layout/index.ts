import type { ISchema } from '@formily/react';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { LayoutSteps } from './LayoutSteps.tsx';
import { GridCol, GridRow, LayoutAlert, LayoutCard, LayoutDivider, LayoutTable, LayoutTd, LayoutText, LayoutTr } from './components.tsx';
import { alertMock, dividerMock, textMock } from './mock.tsx';

/* Layout widgets hold no data: no model and no rules (spec section 3). */

export const grid: WidgetRegistration = {
  type: 'grid',
  label: '栅格布局',
  group: 'layout',
  data: false,
  components: { GridRow, GridCol },
  settings: ['gutter'],
  schema: (item, ctx) => ({
    type: 'void',
    'x-component': 'GridRow',
    'x-component-props': { gutter: item.options?.gutter ?? 0 },
    properties: Object.fromEntries(
      (item.columns ?? []).map((column, i): [string, ISchema] => [
        `${item.key}_col${i}`,
        { type: 'void', 'x-component': 'GridCol', 'x-component-props': { span: column.span }, properties: ctx.compileList(column.list) },
      ]),
    ),
  }),
  scaffold: () => ({
    type: 'grid',
    label: '栅格布局',
    icon: 'icon-zhage',
    columns: [
      { span: 12, list: [] },
      { span: 12, list: [] },
    ],
    options: { gutter: 0 },
  }),
};

export const card: WidgetRegistration = {
  type: 'card',
  label: '卡片布局',
  group: 'layout',
  data: false,
  components: { LayoutCard },
  settings: ['width', 'hidden'],
  schema: (item, ctx) => ({ type: 'void', 'x-component': 'LayoutCard', 'x-component-props': { title: item.label }, properties: ctx.compileList(item.list) }),
  scaffold: () => ({ type: 'card', label: '卡片布局', icon: 'icon-qiapian', list: [], options: { width: '100%', hidden: false } }),
};

/** 分步表单: each child card is a step (LayoutSteps); the designer edits it as a card of cards. */
export const steps: WidgetRegistration = {
  type: 'steps',
  label: '分步布局',
  group: 'layout',
  data: false,
  components: { LayoutSteps },
  schema: (item, ctx) => ({ type: 'void', 'x-component': 'LayoutSteps', properties: ctx.compileList(item.list) }),
  scaffold: () => ({
    type: 'steps',
    label: '分步布局',
    icon: 'icon-qiapian',
    list: [
      { type: 'card', key: `card_${Date.now()}_1`, label: '第一步', list: [], options: { width: '100%', hidden: false } },
      { type: 'card', key: `card_${Date.now()}_2`, label: '第二步', list: [], options: { width: '100%', hidden: false } },
    ],
    options: {},
  }),
};

export const table: WidgetRegistration = {
  type: 'table',
  label: '表格布局',
  group: 'layout',
  data: false,
  components: { LayoutTable, LayoutTr, LayoutTd },
  settings: ['width', 'bordered', 'bright', 'small', 'customStyle'],
  schema: (item, ctx) => ({
    type: 'void',
    'x-component': 'LayoutTable',
    'x-component-props': { bordered: item.options?.bordered, small: item.options?.small },
    properties: Object.fromEntries(
      (item.trs ?? []).map((tr, r): [string, ISchema] => [
        `${item.key}_r${r}`,
        {
          type: 'void',
          'x-component': 'LayoutTr',
          properties: Object.fromEntries(
            tr.tds.map((td, c): [string, ISchema] => [
              `${item.key}_r${r}c${c}`,
              {
                type: 'void',
                'x-component': 'LayoutTd',
                'x-component-props': { colspan: td.colspan, rowspan: td.rowspan },
                properties: ctx.compileList(td.list),
              },
            ]),
          ),
        },
      ]),
    ),
  }),
  scaffold: () => ({
    type: 'table',
    label: '表格布局',
    icon: 'icon-biaoge',
    trs: [
      {
        tds: [
          { colspan: 1, rowspan: 1, list: [] },
          { colspan: 1, rowspan: 1, list: [] },
        ],
      },
      {
        tds: [
          { colspan: 1, rowspan: 1, list: [] },
          { colspan: 1, rowspan: 1, list: [] },
        ],
      },
    ],
    options: { width: '100%', bordered: true, bright: false, small: true, customStyle: '' },
  }),
};

export const divider: WidgetRegistration = {
  type: 'divider',
  label: '分割线',
  group: 'layout',
  data: false,
  components: { LayoutDivider },
  settings: ['orientation'],
  mock: dividerMock,
  schema: (item) => ({ type: 'void', 'x-component': 'LayoutDivider', 'x-component-props': { title: item.label, orientation: item.options?.orientation } }),
  scaffold: () => ({ type: 'divider', label: '分割线', icon: 'icon-fengexian', options: { orientation: 'left' } }),
};

export const alert: WidgetRegistration = {
  type: 'alert',
  label: '警告提示',
  group: 'advanced',
  data: false,
  components: { LayoutAlert },
  settings: ['type:alert', 'description', 'showIcon', 'banner', 'closable', 'hidden'],
  mock: alertMock,
  schema: (item) => ({
    type: 'void',
    'x-component': 'LayoutAlert',
    'x-component-props': {
      message: item.label,
      type: item.options?.type ?? 'success',
      description: item.options?.description,
      showIcon: item.options?.showIcon,
      banner: item.options?.banner,
      closable: item.options?.closable,
    },
  }),
  scaffold: () => ({
    type: 'alert',
    label: '警告提示',
    icon: 'icon-zu',
    options: { type: 'success', description: '', showIcon: false, banner: false, hidden: false, closable: false },
  }),
};

export const text: WidgetRegistration = {
  type: 'text',
  label: '文字',
  group: 'advanced',
  data: false,
  components: { LayoutText },
  settings: ['textAlign', 'showRequiredMark', 'hidden'],
  mock: textMock,
  schema: (item) => ({
    type: 'void',
    'x-component': 'LayoutText',
    'x-component-props': { text: item.label, textAlign: item.options?.textAlign, required: item.options?.showRequiredMark },
  }),
  scaffold: () => ({ type: 'text', label: '文字', icon: 'icon-zihao', options: { textAlign: 'left', hidden: false, showRequiredMark: false } }),
};
