import { describe, expect, it } from 'vitest';
import { columnType, createTableSql, diffTable, indexesOf, indexSql, isWidening } from '../../../server/engine/schema/ddl.ts';
import { crossCheck } from '../../../server/engine/schema/cross-check.ts';
import { decimalsOf, validateRecord } from '../../../server/engine/schema/record-schema.ts';
import { documentOf, modelOf } from './helpers.ts';

describe('table DDL', () => {
  const team = modelOf('donation/team');

  it('maps field types to columns', () => {
    expect(team.fields.map((f) => columnType(f)).slice(0, 6)).toEqual([
      'varchar(100)',
      'varchar(32)',
      'varchar(50)',
      'varchar(20)',
      'numeric(14,2)',
      'numeric(14,2)',
    ]);
    expect(columnType({ name: 'x', label: 'x', type: 'datetime' })).toBe('timestamp(0)');
    expect(columnType({ name: 'x', label: 'x', type: 'json' })).toBe('jsonb');
  });

  it('creates the table with id, audit columns, fields and defaults', () => {
    const ddl = createTableSql(team);
    expect(ddl).toMatch(/^create table "donation_team" \("id" varchar\(32\) primary key, "create_by" varchar\(50\), "create_time" timestamp\(0\), /);
    expect(ddl).toContain(`"status" varchar(2) default '1'`);
    expect(ddl).toContain('"member_count" integer default 0');
  });

  it('indexes sortable columns (both directions, id tie-breaker), refs, unique fields and like-searchable fields (trigram)', () => {
    const plans = indexesOf(modelOf('donation/record'));
    expect(plans.map((i) => [i.name, i.unique, i.trigram, !!i.sort])).toEqual([
      ['srt_donation_record_create_time', false, false, true],
      ['srt_donation_record_amount', false, false, true],
      ['srt_donation_record_pay_time', false, false, true],
      ['uq_donation_record_record_no', true, false, false],
      ['trgm_donation_record_donor_name', false, true, false],
      ['idx_donation_record_wx_user_id', false, false, false],
      ['idx_donation_record_activity_id', false, false, false],
      ['idx_donation_record_team_id', false, false, false],
      ['uq_donation_record_trade_no', true, false, false],
      ['idx_donation_record_activity_id_pay_status', false, false, false],
      // 成员数's delta counts the rows of one (team, donor) pair (write/aggregates.ts).
      ['idx_donation_record_team_id_donor_name', false, false, false],
    ]);
    expect(indexSql('donation_record', plans[1])).toBe(
      'create index if not exists "srt_donation_record_amount" on "donation_record" ("amount" desc nulls last, "id" desc)',
    );
  });

  it('tells widening from narrowing', () => {
    expect(isWidening('varchar(10)', 'varchar(20)')).toBe(true);
    expect(isWidening('varchar(20)', 'varchar(10)')).toBe(false);
    expect(isWidening('varchar(20)', 'text')).toBe(true);
    expect(isWidening('numeric(12,2)', 'numeric(14,2)')).toBe(true);
    expect(isWidening('numeric(12,2)', 'numeric(12,3)')).toBe(false);
    expect(isWidening('integer', 'numeric(14,2)')).toBe(true);
    expect(isWidening('text', 'varchar(255)')).toBe(false);
    expect(isWidening('date', 'integer')).toBe(false);
  });

  it('diffs a table: new columns, widenings, narrowings and columns no longer declared', () => {
    const existing = new Map(createTableSqlColumns(team));
    existing.set('team_name', { type: 'varchar(50)' });
    existing.set('slogan', { type: 'varchar(500)' });
    existing.delete('status');
    existing.set('old_column', { type: 'text' });
    expect(diffTable(team, existing).map((c) => [c.kind, c.column])).toEqual([
      ['widen', 'team_name'],
      ['narrow', 'slogan'],
      ['add', 'status'],
      // The engine's own column (read/pending-rows.ts), which a table made before it lacks.
      ['add', 'import_batch'],
      ['orphan', 'old_column'],
    ]);
  });
});

function createTableSqlColumns(model: ReturnType<typeof modelOf>): [string, { type: string }][] {
  return [...model.columns.values()].map((f) => [f.name, { type: columnType(f) }]);
}

describe('record validation', () => {
  const record = modelOf('donation/record');

  it('counts decimals as JavaScript prints the number', () => {
    expect([decimalsOf(1), decimalsOf(1.5), decimalsOf(10.123), decimalsOf(1e-7), decimalsOf(1.25e-5)]).toEqual([0, 1, 3, 7, 7]);
  });

  it('coerces what forms and sheets send, and normalises dates', () => {
    const { record: clean, errors } = validateRecord(record, {
      donor_type: '1',
      donor_name: '张三',
      activity_id: 'a',
      amount: '12.50',
      pay_method: '1',
      pay_status: '2',
      phone: 13812341234,
      pay_time: '2025-01-02T03:04',
    });
    expect(errors).toEqual([]);
    expect(clean).toMatchObject({ amount: 12.5, phone: '13812341234', pay_time: '2025-01-02 03:04:00' });
  });

  it('names the field by its label in every message', () => {
    const { errors } = validateRecord(record, {
      donor_type: '1',
      donor_name: '',
      activity_id: 'a',
      amount: 1e11,
      pay_method: '1',
      pay_status: '2',
      phone: 'x',
      pay_time: 'yesterday',
    });
    expect(errors.map((e) => e.message)).toEqual(['捐赠人姓名不能为空', '请输入正确的手机号码', '捐赠金额的整数部分不能超过10位', '支付时间格式不正确']);
  });

  it('integers must be whole numbers', () => {
    const { errors } = validateRecord(modelOf('sys/dict_item'), { dict_id: 'd', item_text: 'a', item_value: 'b', sort_order: 1.5 });
    expect(errors).toEqual([{ field: 'sort_order', message: '排序必须是整数' }]);
  });
});

describe('cross-document checks', () => {
  it('the shipped documents agree with each other', () => {
    const docs = new Map(['donation/activity', 'donation/team', 'donation/record', 'wx/user', 'sys/dict', 'sys/dict_item'].map((c) => [c, documentOf(c)]));
    expect(crossCheck(docs)).toEqual([]);
  });

  it('names what a document points at and is missing', () => {
    const docs = new Map(['donation/team', 'donation/record'].map((c) => [c, documentOf(c)]));
    expect(crossCheck(docs)).toEqual([
      'donation/team: 字段 activity_id 引用了不存在的文档 donation/activity',
      'donation/record: 字段 wx_user_id 引用了不存在的文档 wx/user',
      'donation/record: 字段 activity_id 引用了不存在的文档 donation/activity',
      'donation/record: rules.rollups 引用了不存在的文档 donation/activity',
      'donation/record: rules.rollups 引用了不存在的文档 donation/activity',
      'donation/record: rules.rollups 引用了不存在的文档 wx/user',
      'donation/record: rules.rollups 引用了不存在的文档 wx/user',
    ]);
    const record = documentOf('donation/record');
    record.fillRules = [];
    expect(crossCheck(new Map([['donation/record', record]]))).toContain('donation/record: 字段 record_no 引用了未声明的编码规则 donation_record_no');
  });

  it('a card view names the card’s fields, and they must be the document’s', () => {
    const volunteer = documentOf('demo/volunteer');
    expect(crossCheck(new Map([['demo/volunteer', volunteer]]))).toEqual([]);
    volunteer.list!.card = { title: 'volunteer_name', fields: ['service_type', 'no_such_field'] };
    expect(crossCheck(new Map([['demo/volunteer', volunteer]]))).toEqual(['demo/volunteer: list.card 引用了未知字段 no_such_field']);
    delete volunteer.list!.card;
    expect(crossCheck(new Map([['demo/volunteer', volunteer]]))).toEqual(['demo/volunteer: list.view 为 card 时须声明 list.card（标题字段等）']);
  });
});
