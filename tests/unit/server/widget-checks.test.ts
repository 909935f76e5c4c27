import { describe, expect, it } from 'vitest';
import { widgetProblems } from '../../../server/engine/schema/widget-checks.ts';
import type { SchemaDocument, WidgetItem } from '../../../src/core/schema/types.generated.ts';

/* Popup and linked-dropdown settings in a document are checked when it loads. */
const region = {
  version: 2,
  code: 'test/region',
  title: '地区',
  entity: { table: 'test_region', dictSource: { text: ['name'], code: ['code'], pid: 'pid' }, fields: [{ name: 'name', label: '名称', type: 'string' }] },
} as unknown as SchemaDocument;
const docOf = (...list: WidgetItem[]) =>
  ({
    version: 2,
    code: 'test/team',
    title: '团队',
    entity: { table: 'test_team', fields: ['leader_name', 'leader_phone', 'province', 'city'].map((name) => ({ name, label: name, type: 'string' })) },
    form: { list: [{ type: 'grid', key: 'g', columns: [{ span: 24, list }] }], config: {} },
  }) as unknown as SchemaDocument;
const popup = (options: Record<string, unknown>): WidgetItem => ({ type: 'popup', key: 'p', model: 'leader_name', options });
const link = (options: Record<string, unknown>): WidgetItem => ({
  type: 'linkDown',
  key: 'l',
  model: 'province',
  options: { linkTable: 'test_region', linkTxt: 'name', linkKey: 'code', linkPidField: 'pid', linkFields: 'city', ...options },
});

describe('document checks of popup and linked dropdown widgets', () => {
  it('a well-configured popup and linked dropdown pass, also nested in a grid', () => {
    expect(
      widgetProblems(docOf(popup({ popupCode: 'report_user', orgFields: 'realname,phone', destFields: 'leader_name,leader_phone' }), link({})), [region]),
    ).toEqual([]);
  });

  it('popup: the spec messages, and destination fields must exist', () => {
    expect(widgetProblems(docOf(popup({ popupCode: 'r' })), [])).toEqual(['控件 p: popup参数未正确配置!']);
    expect(widgetProblems(docOf(popup({ popupCode: 'r', orgFields: 'a,b', destFields: 'leader_name' })), [])).toEqual([
      '控件 p: popup参数未正确配置,原始值和目标值数量不一致!',
    ]);
    expect(widgetProblems(docOf(popup({ popupCode: 'r', orgFields: 'a', destFields: 'nope' })), [])).toEqual(['控件 p 的 destFields 引用了未知字段 nope']);
  });

  it('linked dropdown: complete settings, known level fields, a declared tree source', () => {
    expect(widgetProblems(docOf(link({ linkPidField: '' })), [region])).toEqual(['控件 l: 联动下拉框参数未正确配置!']);
    expect(widgetProblems(docOf(link({ linkFields: 'city,district' })), [region])).toEqual(['控件 l 的 linkFields 引用了未知字段 district']);
    expect(widgetProblems(docOf(link({ linkTable: 'sys_user' })), [region])).toHaveLength(1);
    expect(widgetProblems(docOf(link({ linkTxt: 'note' })), [region])[0]).toMatch(/未声明为带 pid pid 的字典来源/);
  });
});
