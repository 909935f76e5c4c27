import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { compareHolds } from '../../../src/core/schema/compare-checks.ts';
import { detailSections, gridColumns, spansOf } from '../../../src/runtime/renderers/detail/sections.ts';
import { actionColumnWidth, columnWidth } from '../../../src/runtime/renderers/list/column-widths.ts';
import { detailTitle, formTitle, recordName } from '../../../src/runtime/schema/names.ts';
import { changedLabels } from '../../../src/runtime/renderers/detail/RecordHistory.tsx';

const doc = (code: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../../schemas', `${code}.json`), 'utf8')) as SchemaDocument;

describe('names of records in dialogs', () => {
  it('names the record from the document title, a system screen without its 管理', () => {
    expect(formTitle(doc('donation/record'), 'add')).toBe('新增捐赠记录');
    expect(formTitle(doc('system/user'), 'edit')).toBe('编辑用户');
    expect(detailTitle(doc('donation/record'))).toBe('捐赠记录详情');
    expect(recordName({ title: '管理' })).toBe('管理');
  });
});

describe('detail grid', () => {
  it('puts long values on rows of their own after the short ones, the last short one filling its row', () => {
    const fields = ['a', 'long', 'b', 'c'];
    expect(spansOf(fields, (f) => f === 'long', 2)).toEqual([
      { field: 'a', span: 1 },
      { field: 'b', span: 1 },
      { field: 'c', span: 2 },
      { field: 'long', span: 2 },
    ]);
    expect(spansOf(['a', 'b'], () => false, 3).map((s) => s.span)).toEqual([1, 2]);
  });

  it('uses up to 4 columns on wide screens and fewer on narrow ones', () => {
    const four = { ...doc('donation/record'), detail: { columns: 4 } };
    expect(gridColumns(four, { xxl: true, xl: true, md: true })).toBe(4);
    expect(gridColumns(four, { xl: true, md: true })).toBe(3);
    expect(gridColumns(four, { md: true })).toBe(2);
    expect(gridColumns({ ...four, detail: { columns: 9 } }, { xxl: true })).toBe(4);
  });

  it('sections follow detail.groups; fields in no group come last under 其他信息', () => {
    const d = doc('donation/activity');
    const withGroups = { ...d, detail: { groups: [{ title: '时间', fields: ['startDate', 'endDate'] }] } };
    const sections = detailSections(withGroups, d.entity.fields.slice(0, 3));
    expect(sections.map((s) => s.title)).toEqual(['时间', '其他信息']);
    expect(sections[0].fields.map((f) => f.name)).toEqual(['startDate', 'endDate']);
  });
});

describe('list widths', () => {
  it('gives undeclared columns a width by what they hold, and 操作 room for its links', () => {
    const project = doc('project/application');
    const field = (name: string) => project.entity.fields.find((f) => f.name === name);
    expect(columnWidth({ dataIndex: 'create_time' }, { name: 'create_time', label: '申请时间', type: 'datetime' }, '申请时间')).toBe(170);
    expect(columnWidth({ dataIndex: 'apply_amount', render: 'money' }, field('apply_amount'), '申请金额')).toBe(120);
    expect(columnWidth({ dataIndex: 'x', width: 77 }, undefined, 'x')).toBe(77);
    // 编辑 详情 删除 plus the widest pair of status moves (立项 驳回).
    expect(actionColumnWidth(project, ['edit', 'detail', 'delete'])).toBeGreaterThanOrEqual(5 * 2 * 14);
    expect(actionColumnWidth(doc('donation/record'), ['edit', 'detail', 'delete'])).toBe(3 * 2 * 14 + 2 * 17 + 32);
  });
});

describe('compare checks', () => {
  const rule = { field: 'end_date', op: '$gte' as const, other: 'start_date', message: '结束日期不能早于开始日期' };
  it('holds when either side is empty, compares dates as text and numbers as numbers', () => {
    expect(compareHolds(rule, { start_date: '2026-03-10', end_date: '2026-03-01' })).toBe(false);
    expect(compareHolds(rule, { start_date: '2026-03-10', end_date: '2026-03-10' })).toBe(true);
    expect(compareHolds(rule, { start_date: '2026-03-10', end_date: null })).toBe(true);
    expect(compareHolds({ field: 'amount', op: '$gt', value: 0, message: '' }, { amount: '9' })).toBe(true);
    expect(compareHolds({ field: 'amount', op: '$lte', other: 'limit', message: '' }, { amount: 10, limit: 9 })).toBe(false);
    expect(compareHolds({ ...rule, when: { status: { $eq: '1' } } }, { status: '0', start_date: '2026-03-10', end_date: '2026-03-01' })).toBe(true);
  });
});

describe("a record page's 操作记录", () => {
  it('names the declared fields a version changed, not the audit columns, from objects or JSON text', () => {
    const todo = doc('demo/todo');
    const before = { title: '整理票据', status: '1', updateTime: '2026-11-01 10:00:00' };
    const after = JSON.stringify({ title: '整理票据', status: '3', finishTime: '2026-11-02 09:00:00', updateTime: '2026-11-02 09:00:00' });
    expect(changedLabels(todo, before, after)).toEqual(['状态', '完成时间']);
    expect(changedLabels(todo, before, before)).toEqual([]);
  });
});
