import { describe, expect, it } from 'vitest';
import type { SysUser } from '../../../server/db/schema.ts';
import { buildModel } from '../../../server/engine/schema/model.ts';
import { expandRuleValue, ruleFilter, ruleGroups, ruleProblem, ruleVariables } from '../../../server/engine/scope/row-scope.ts';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { withRuleParents } from '../../../src/widgets/permission-tree/api.ts';

const model = buildModel({
  version: 2,
  code: 'demo/thing',
  title: '物品',
  entity: {
    table: 'demo_thing',
    fields: [
      { name: 'name', label: '名称', type: 'string' },
      { name: 'amount', label: '金额', type: 'decimal' },
      { name: 'qty', label: '数量', type: 'integer' },
      { name: 'roles', label: '角色', type: 'json', virtual: true },
    ],
  },
} as SchemaDocument);

const user = { username: 'zhangwei', realname: '张伟', org_code: 'A01A02' } as SysUser;
const vars = ruleVariables(user, new Date('2026-03-04T05:06:07Z'));

describe('data rules', () => {
  it('fills in system variables and refuses unknown ones', () => {
    expect(expandRuleValue('#{sys_org_code}', vars)).toBe('A01A02');
    expect(expandRuleValue('x-#{sys_user_code}-y', vars)).toBe('x-zhangwei-y');
    expect(expandRuleValue('#{password}', vars)).toBeUndefined();
    expect(vars.sys_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('turns each condition into a bound filter on an allow-listed column (camelCase accepted)', () => {
    expect(ruleFilter(model, { rule_column: 'sysOrgCode', rule_conditions: '=', rule_value: '#{sys_org_code}' }, vars)).toEqual({
      column: 'sys_org_code',
      op: '=',
      value: 'A01A02',
    });
    expect(ruleFilter(model, { rule_column: 'name', rule_conditions: 'LIKE', rule_value: '50%' }, vars)).toEqual({
      column: 'name',
      op: 'ilike',
      value: '%50\\%%',
    });
    expect(ruleFilter(model, { rule_column: 'name', rule_conditions: 'RIGHT_LIKE', rule_value: 'A' }, vars)).toEqual({
      column: 'name',
      op: 'ilike',
      value: 'A%',
    });
    expect(ruleFilter(model, { rule_column: 'qty', rule_conditions: 'IN', rule_value: '1,2' }, vars)).toEqual({ column: 'qty', op: 'in', value: [1, 2] });
    expect(ruleFilter(model, { rule_column: 'qty', rule_conditions: '!=', rule_value: '3' }, vars)).toEqual({
      column: 'qty',
      op: 'is distinct from',
      value: 3,
    });
  });

  it('cannot apply a rule on an unknown or virtual column, a bad value or an unknown variable', () => {
    expect(ruleFilter(model, { rule_column: 'password', rule_conditions: '=', rule_value: 'x' }, vars)).toBeUndefined();
    expect(ruleFilter(model, { rule_column: 'roles', rule_conditions: '=', rule_value: 'x' }, vars)).toBeUndefined();
    expect(ruleFilter(model, { rule_column: 'qty', rule_conditions: '>', rule_value: 'many' }, vars)).toBeUndefined();
    expect(ruleFilter(model, { rule_column: 'name', rule_conditions: '=', rule_value: '#{nope}' }, vars)).toBeUndefined();
  });

  it('groups rules per role: any unrestricted role lifts the limit; an unusable rule matches nothing', () => {
    const own = { rule_column: 'sys_org_code', rule_conditions: '=', rule_value: '#{sys_org_code}' };
    expect(ruleGroups(model, [], vars)).toBeUndefined();
    expect(ruleGroups(model, [[own], []], vars)).toBeUndefined();
    expect(ruleGroups(model, [[own]], vars)).toEqual([[{ column: 'sys_org_code', op: '=', value: 'A01A02' }]]);
    expect(ruleGroups(model, [[{ ...own, rule_column: 'nope' }]], vars)).toEqual([[{ column: 'id', op: 'in', value: [''] }]]);
  });

  it('explains what is wrong with a rule as written', () => {
    const ok = { rule_column: 'name', rule_conditions: '=', rule_value: '#{sys_user_code}' };
    expect(ruleProblem(ok, model)).toBeUndefined();
    expect(ruleProblem({ ...ok, rule_conditions: 'SQL_RULES' }, model)).toBe('不支持的规则条件: SQL_RULES');
    expect(ruleProblem({ ...ok, rule_column: 'a b' }, model)).toBe('规则字段格式不正确');
    expect(ruleProblem({ ...ok, rule_column: 'salary' }, model)).toBe('规则字段【salary】不是【物品】的字段');
    expect(ruleProblem({ ...ok, rule_value: '#{secret}' }, model)).toBe('未知的系统变量: #{secret}');
  });
});

describe('permission tree keys', () => {
  it('checking a data rule checks its menu entry too', () => {
    const tree = [
      {
        key: 'm',
        title: '活动',
        kind: 1,
        children: [
          { key: 'b', title: '添加', kind: 2 },
          { key: 'rule:r', title: '数据规则：本部门', kind: 'rule' as const },
        ],
      },
    ];
    expect(withRuleParents(['rule:r'], tree).sort()).toEqual(['m', 'rule:r']);
    expect(withRuleParents(['b'], tree)).toEqual(['b']);
  });
});
