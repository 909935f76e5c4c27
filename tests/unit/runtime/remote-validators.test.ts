import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ list: [] as { path: string; params: Record<string, unknown> }[], answer: { success: true, message: '该值可用！' } }));
vi.mock('../../../src/runtime/http/client.ts', () => ({
  http: { get: async (path: string, params: Record<string, unknown>) => (calls.list.push({ path, params }), calls.answer) },
}));

const { checkDuplicate, checkRuleCode } = await import('../../../src/runtime/helpers/remote-validators.ts');

describe('duplicate check (spec section 5)', () => {
  beforeEach(() => {
    calls.list.length = 0;
  });

  it('an empty value passes without asking the server', async () => {
    for (const v of ['', null, undefined]) expect(await checkDuplicate({ tableName: 't', fieldName: 'f', fieldVal: v })).toBeUndefined();
    expect(calls.list).toHaveLength(0);
  });

  it("the server's message is the error when it answers success false", async () => {
    calls.answer = { success: false, message: '该值不可用，系统中已存在！' };
    expect(await checkDuplicate({ tableName: 'donation_record', fieldName: 'trade_no', fieldVal: 'T1', dataId: 'x' })).toBe('该值不可用，系统中已存在！');
    expect(calls.list[0]).toEqual({
      path: '/sys/duplicate/check',
      params: { tableName: 'donation_record', fieldName: 'trade_no', fieldVal: 'T1', dataId: 'x' },
    });
    calls.answer = { success: true, message: '该值可用！' };
    expect(await checkDuplicate({ tableName: 'donation_record', fieldName: 'trade_no', fieldVal: 'T2' })).toBeUndefined();
  });
});

describe('rule-code check', () => {
  it('sends the value URL-encoded and reports the server message', async () => {
    calls.answer = { success: false, message: '编码不符合规则' };
    expect(await checkRuleCode('phone_rule', 'a b&c')).toBe('编码不符合规则');
    expect(calls.list.at(-1)).toEqual({ path: '/sys/checkRule/checkByCode', params: { ruleCode: 'phone_rule', value: 'a%20b%26c' } });
  });
});
