import { toSnake } from '../../../src/core/schema/field-names.ts';
import type { SysUser } from '../../db/schema.ts';
import { formatTimestamp } from '../../lib/time.ts';
import { escapeLike } from '../schema/like.ts';
import { columnOf, type EntityModel } from '../schema/model.ts';
import type { Filter } from '../read/query.ts';
import { parseTyped } from '../schema/values.ts';

/*
 * Which rows of a table one user may see: their tenants' rows (and rows of no tenant), and, where the
 * roles holding the screen's menu entry carry data rules, only rows matching one role's rules. Rule
 * columns are checked against the entity's allow-list and rule values are bound, never spliced; a rule
 * that cannot be applied (unknown column, bad value, unknown variable) matches nothing: it fails closed.
 */

export interface DataRule {
  rule_column: string;
  rule_conditions: string;
  rule_value: string;
}

export interface RowScope {
  /** Visible tenant ids besides 0 (rows of no tenant); undefined when the table has no tenant column. */
  tenants?: number[];
  /** Rows matching any one group (each group: all its filters); undefined = no data rule applies. */
  anyOf?: Filter[][];
  /** The table logs records of other tables (the data log): undefined = it does not. */
  logged?: LoggedRecords;
}

/**
 * A row that names a record of another table (its table and id columns) is visible only where that
 * record is: for each table listed, a row of it needs its record to exist within that table's scope.
 * Tables not listed limit nothing. A record deleted for good is in no scope, so its rows are hidden.
 */
export interface LoggedRecords {
  /** The logging table, for the record look-up to name its columns when the select has no alias. */
  from: string;
  tableColumn: string;
  idColumn: string;
  scopes: { table: string; scope: RowScope; numericId: boolean }[];
}

/** JeecgBoot's rule conditions → our filter operators. */
export const RULE_CONDITIONS: Record<string, string> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  IN: '包含(IN)',
  LIKE: '模糊',
  LEFT_LIKE: '左模糊',
  RIGHT_LIKE: '右模糊',
};

/** The system variables a rule value (or a report's SQL) may name, as JeecgBoot spells them. */
export const SYSTEM_VARIABLES = ['sys_user_code', 'sys_user_name', 'sys_org_code', 'sys_date', 'sys_time'] as const;

/** The user's values of the system variables: #{sys_org_code} → the user's current department … */
export function ruleVariables(user: Pick<SysUser, 'username' | 'realname' | 'org_code'>, now = new Date()): Record<(typeof SYSTEM_VARIABLES)[number], string> {
  const time = formatTimestamp(now);
  return { sys_user_code: user.username, sys_user_name: user.realname, sys_org_code: user.org_code ?? '', sys_date: time.slice(0, 10), sys_time: time };
}

const VARIABLE = /#\{([a-z_]+)\}/g;

/** The rule value with its variables filled in, or undefined when it names one we do not know. */
export function expandRuleValue(value: string, variables: Record<string, string>): string | undefined {
  let unknown = false;
  const text = value.replace(VARIABLE, (_m, name: string) => {
    if (!(name in variables)) unknown = true;
    return variables[name] ?? '';
  });
  return unknown ? undefined : text;
}

/** A problem with a rule as written (column, condition, value), or undefined; used when rules are saved. */
export function ruleProblem(rule: DataRule, model?: EntityModel): string | undefined {
  if (!(rule.rule_conditions in RULE_CONDITIONS)) return `不支持的规则条件: ${rule.rule_conditions.slice(0, 20)}`;
  if (!/^[a-zA-Z][a-zA-Z0-9_]{0,62}$/.test(rule.rule_column)) return '规则字段格式不正确';
  if (model && !columnOf(model, toSnake(rule.rule_column))) return `规则字段【${rule.rule_column}】不是【${model.title}】的字段`;
  const names = [...rule.rule_value.matchAll(VARIABLE)].map((m) => m[1]);
  const bad = names.find((n) => !(SYSTEM_VARIABLES as readonly string[]).includes(n));
  if (bad) return `未知的系统变量: #{${bad}}`;
  return undefined;
}

/** One rule → its filter on the model, or undefined when it cannot be applied. */
export function ruleFilter(model: EntityModel, rule: DataRule, variables: Record<string, string>): Filter | undefined {
  const field = columnOf(model, toSnake(rule.rule_column));
  const value = expandRuleValue(rule.rule_value, variables);
  if (!field || value === undefined || field.type === 'json') return undefined;
  const column = field.name;
  const one = (raw: string) => {
    const parsed = parseTyped(field, raw);
    return parsed.ok ? parsed.value : undefined;
  };
  switch (rule.rule_conditions) {
    case 'LIKE':
      return { column, op: 'ilike', value: `%${escapeLike(value)}%` };
    case 'LEFT_LIKE':
      return { column, op: 'ilike', value: `%${escapeLike(value)}` };
    case 'RIGHT_LIKE':
      return { column, op: 'ilike', value: `${escapeLike(value)}%` };
    case 'IN': {
      const values = value.split(',').map((v) => one(v.trim()));
      return values.length && values.every((v) => v !== undefined) ? { column, op: 'in', value: values as (string | number | boolean)[] } : undefined;
    }
    default: {
      const typed = one(value);
      if (typed === undefined) return undefined;
      const op = rule.rule_conditions === '!=' ? 'is distinct from' : (rule.rule_conditions as '=' | '>' | '>=' | '<' | '<=');
      return { column, op, value: typed };
    }
  }
}

/** A matches-nothing group: what a rule that cannot be applied turns into. */
const NOTHING: Filter = { column: 'id', op: 'in', value: [''] };

/**
 * The groups of one user's data rules on a model: one group per role holding the menu with rules.
 * `roleRules` holds, per role, the rules that role picked (an empty list: that role is unrestricted).
 */
export function ruleGroups(model: EntityModel, roleRules: DataRule[][], variables: Record<string, string>): Filter[][] | undefined {
  if (!roleRules.length || roleRules.some((rules) => rules.length === 0)) return undefined;
  return roleRules.map((rules) => rules.map((r) => ruleFilter(model, r, variables) ?? NOTHING));
}

// biome-ignore lint: the builder's table types are dynamic here
type Where = { where: (...args: any[]) => any };

/** The scope as WHERE conditions of a select on the model's table. */
export function applyScope<Q extends Where>(query: Q, scope: RowScope | undefined, alias = ''): Q {
  if (!scope) return query;
  let q = query;
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  if (scope.tenants) q = q.where(col('tenant_id'), 'in', [0, ...scope.tenants]);
  const groups = scope.anyOf;
  // biome-ignore lint: expression builder of a dynamic table
  if (groups) q = q.where((eb: any) => eb.or(groups.map((group) => eb.and(group.map((f) => eb(col(f.column), f.op, f.value))))));
  if (scope.logged?.scopes.length) q = loggedIn(q, scope.logged, alias || scope.logged.from);
  return q;
}

/** The alias of a logged record's table inside its look-up (never the alias of the select around it). */
const RECORD = 'logged_record';

/** The record a row names may be read: one condition, with one correlated look-up per scoped table. */
function loggedIn<Q extends Where>(query: Q, logged: LoggedRecords, outer: string): Q {
  const table = `${outer}.${logged.tableColumn}`;
  const id = `${outer}.${logged.idColumn}`;
  const scoped = logged.scopes.map((s) => s.table);
  // A correlated EXISTS finds each row's record by its key; an IN list of a large table's scoped ids would
  // not fit the memory a hashed look-up may take, and would then be scanned once per row.
  // biome-ignore lint: expression builder of dynamic tables
  return query.where((eb: any) =>
    eb.or([
      eb(table, 'not in', scoped),
      ...logged.scopes.map((s) => {
        // Ids of integer keys are logged as text; the cast sits on the record's side, so no logged id is ever parsed.
        const key = s.numericId ? eb.cast(`${RECORD}.id`, 'varchar') : eb.ref(`${RECORD}.id`);
        const record = eb
          .selectFrom(`${s.table} as ${RECORD}`)
          .select(eb.lit(1).as('one'))
          .where(eb(key, '=', eb.ref(id)));
        return eb.and([eb(table, '=', s.table), eb.exists(applyScope(record, s.scope, RECORD))]);
      }),
    ]),
  );
}

export const isRestricted = (scope: RowScope | undefined) => !!scope && (!!scope.tenants || !!scope.anyOf || !!scope.logged?.scopes.length);
