import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { conditionalRequiredErrors } from '../../../server/engine/write/conditional-required.ts';
import { crossCheck } from '../../../server/engine/schema/cross-check.ts';
import { applyDerived } from '../../../server/engine/write/derived-status.ts';
import { Registry } from '../../../server/engine/schema/registry.ts';
import { documentOf, modelOf } from './helpers.ts';

/* The two rules the engagement areas added to the runtime: requiredWhen on a field and rules.derived. */

describe('requiredWhen', () => {
  const invoice = modelOf('donation/invoice');

  it('requires 税号 only for a 单位 title, with the document message', () => {
    expect(conditionalRequiredErrors(invoice, { title_type: '2', tax_no: null })).toEqual([{ field: 'tax_no', message: '抬头类型为单位时，税号不能为空' }]);
    expect(conditionalRequiredErrors(invoice, { title_type: '2', tax_no: '   ' })).toHaveLength(1);
    expect(conditionalRequiredErrors(invoice, { title_type: '2', tax_no: '91110108MA01ABCD2X' })).toEqual([]);
    expect(conditionalRequiredErrors(invoice, { title_type: '1' })).toEqual([]);
  });

  it('reads $in and $empty conditions the way the form does', () => {
    const carousel = modelOf('web/carousel');
    expect(conditionalRequiredErrors(carousel, { link_type: '3' })).toEqual([{ field: 'link_target', message: '请填写跳转目标' }]);
    expect(conditionalRequiredErrors(carousel, { link_type: '0' })).toEqual([]);
    const message = modelOf('love/message');
    expect(conditionalRequiredErrors(message, { reply_content: '谢谢' })[0]?.field).toBe('reply_time');
    expect(conditionalRequiredErrors(message, { reply_content: '' })).toEqual([]);
  });
});

describe('rules.derived', () => {
  it('recomputes the target status of every record touched, before and after, with bound values', async () => {
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = new Kysely<any>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (event) => {
        queries.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    const registry = new Registry(['donation/invoice', 'donation/record'].map(documentOf));
    await applyDerived(db, registry, registry.get('donation/invoice'), [{ before: { record_id: 'r2' }, after: { record_id: 'r1' } }]);
    expect(queries).toHaveLength(1);
    expect(queries[0].sql).toBe(
      'update "donation_record" as "t" set "invoice_status" = case when exists (select 1 as "one" from "donation_invoice" as "c" where "c"."record_id" = "t"."id" and "status" in ($1, $2)) then $3 when exists (select 1 as "one" from "donation_invoice" as "c" where "c"."record_id" = "t"."id" and "status" = $4) then $5 else $6 end where "t"."id" in ($7, $8)',
    );
    expect(queries[0].parameters).toEqual(['2', '3', '2', '1', '1', '0', 'r1', 'r2']);

    queries.length = 0;
    await applyDerived(db, registry, registry.get('donation/invoice'), [{ after: { record_id: null } }]);
    expect(queries).toEqual([]);
  });

  it('is cross-checked: the via, the target field and the condition fields must exist', () => {
    const invoice = documentOf('donation/invoice');
    invoice.entity.rules!.derived = [
      { target: 'donation/record', via: 'nope', into: 'missing', cases: [{ value: '1', when: { ghost: { $eq: '1' } } }], otherwise: '0' },
    ];
    const problems = crossCheck(
      new Map([
        ['donation/invoice', invoice],
        ['donation/record', documentOf('donation/record')],
        ['donation/activity', documentOf('donation/activity')],
        ['donation/team', documentOf('donation/team')],
        ['wx/user', documentOf('wx/user')],
      ]),
    );
    expect(problems).toEqual([
      'donation/invoice: rules.derived 的 via 不是本文档的字段: nope',
      'donation/invoice: rules.derived 的 into missing 不是 donation/record 的字段',
      'donation/invoice: rules.derived 的条件引用了未知字段 ghost',
    ]);
  });
});
