import { describe, expect, it, vi } from 'vitest';
import {
  confirmError,
  mappedValues,
  POPUP_CONFIG_MESSAGE,
  POPUP_COUNT_MESSAGE,
  popupConfigError,
  SELECT_ONE_MESSAGE,
} from '../../../src/core/widgets/popup-config.ts';
import { GROUP_CACHE_MS, GroupCache } from '../../../src/widgets/popup/group-cache.ts';
import { withoutEmpty } from '../../../src/widgets/popup/api.ts';
import { ROW_KEY_LENGTH, rowKeyOf, withRowKeys } from '../../../src/widgets/popup/row-key.ts';
import { popup } from '../../../src/widgets/popup/index.ts';

describe('popup configuration (spec section 5)', () => {
  it('code, orgFields and destFields are all required', () => {
    expect(popupConfigError('', 'realname', 'leader_name')).toBe(POPUP_CONFIG_MESSAGE);
    expect(popupConfigError('report_user', '', 'leader_name')).toBe(POPUP_CONFIG_MESSAGE);
    expect(popupConfigError('report_user', 'realname', ' , ')).toBe(POPUP_CONFIG_MESSAGE);
    expect(POPUP_CONFIG_MESSAGE).toBe('popup参数未正确配置!');
  });

  it('the two comma lists must have the same length', () => {
    expect(popupConfigError('report_user', 'realname,phone', 'leader_name')).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(POPUP_COUNT_MESSAGE).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(popupConfigError('report_user', 'realname, phone', 'leader_name,leader_phone')).toBeUndefined();
  });

  it('the scaffold is flagged as misconfigured until a report and its fields are set', () => {
    const o = popup.scaffold().options!;
    expect(popupConfigError(o.popupCode, o.orgFields, o.destFields)).toBe(POPUP_CONFIG_MESSAGE);
  });

  it('chosen rows map report columns onto form fields, several rows joined by commas', () => {
    const rows = [
      { realname: '张伟', phone: '13800000001' },
      { realname: '李娜', phone: null },
    ];
    expect(mappedValues(rows.slice(0, 1), 'realname,phone', 'leader_name,leader_phone')).toEqual({ leader_name: '张伟', leader_phone: '13800000001' });
    expect(mappedValues(rows, 'realname,phone', 'leader_name,leader_phone')).toEqual({ leader_name: '张伟,李娜', leader_phone: '13800000001,' });
    expect(mappedValues([], 'realname', 'leader_name')).toEqual({ leader_name: '' });
  });

  it('single mode confirms exactly one row (请选择一条记录); multi mode any number', () => {
    expect(confirmError(false, 0)).toBe(SELECT_ONE_MESSAGE);
    expect(confirmError(false, 2)).toBe('请选择一条记录');
    expect(confirmError(false, 1)).toBeUndefined();
    expect(confirmError(true, 0)).toBeUndefined();
    expect(confirmError(true, 3)).toBeUndefined();
  });

  it('compiles to the PopupField with its report settings', () => {
    const schema = popup.schema(
      {
        type: 'popup',
        key: 'p',
        model: 'leader_name',
        options: { popupCode: 'report_user', orgFields: 'realname', destFields: 'leader_name', multiple: true, groupId: 'g' },
      },
      { placeholders: {}, compileList: () => ({}) },
    );
    expect(schema['x-component']).toBe('PopupField');
    expect(schema['x-component-props']).toMatchObject({
      popupCode: 'report_user',
      orgFields: 'realname',
      destFields: 'leader_name',
      multi: true,
      groupId: 'g',
    });
  });
});

describe('report row keys', () => {
  it('all values concatenated, cut to 50 characters', () => {
    expect(rowKeyOf({ a: 'x', b: 1, c: null, d: undefined, e: true })).toBe('x1true');
    const long = { a: '一'.repeat(40), b: 'b'.repeat(40) };
    expect(rowKeyOf(long)).toHaveLength(ROW_KEY_LENGTH);
    expect(rowKeyOf(long)).toBe(`${'一'.repeat(40)}${'b'.repeat(10)}`);
  });

  it('rows sharing their first 50 characters still get distinct keys', () => {
    const same = { a: 'z'.repeat(60) };
    const keys = withRowKeys([same, { ...same }, { a: 'y' }]).map((r) => r.__key);
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toBe('z'.repeat(50));
    expect(keys[2]).toBe('y');
  });
});

describe('report call parameters and the 30 s group cache', () => {
  it('empty values are removed before asking the server', () => {
    expect(withoutEmpty({ realname: '', username: ' zhang ', pageNo: 1, sex: undefined, phone: null, column: 'realname' })).toEqual({
      username: 'zhang',
      pageNo: 1,
      column: 'realname',
    });
  });

  it('within a group an answer is reused for 30 s, then asked again; no group means no cache', async () => {
    let now = 0;
    const cache = new GroupCache(() => now);
    const load = vi.fn(async () => 'rows');
    await cache.get('g1', 'data', load);
    now = GROUP_CACHE_MS - 1;
    await cache.get('g1', 'data', load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get('g2', 'data', load);
    expect(load).toHaveBeenCalledTimes(2);
    now = GROUP_CACHE_MS + 1;
    await cache.get('g1', 'data', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get(undefined, 'data', load);
    await cache.get(undefined, 'data', load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('refresh forgets the group; a failed call is not kept', async () => {
    const cache = new GroupCache(() => 0);
    const load = vi.fn(async () => 1);
    await cache.get('g', 'k', load);
    cache.clear('g');
    await cache.get('g', 'k', load);
    expect(load).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async () => {
      throw new Error('x');
    });
    await expect(cache.get('g', 'bad', failing)).rejects.toThrow('x');
    await expect(cache.get('g', 'bad', failing)).rejects.toThrow('x');
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
