import { propertyOf } from '../schema/field-names.ts';
import type { Condition } from '../schema/types.generated.ts';

/*
 * The workflow's declarative rules, shared by the modeller's properties panel and the server's engine.
 * They travel inside BPMN XML as attributes of the `hope:` namespace (hope-moddle.json), never as script:
 *   hope:assignee="role:finance"                  who gets a user task (user:, role:, initiator, initiatorDept, deptLeader, field:)
 *   hope:fields="approvedAmount:edit,phone:hidden" what the task's form lets its assignee do per field
 *   hope:cc="user:lina,role:admin"                  who is copied when the task is reached
 *   <conditionExpression>{"applyAmount":{"$gt":100000}}</conditionExpression>   the condition grammar
 *   hope:result="approved" on an end event          the result the business record's status follows
 *
 * A rule names the business document's fields as the document does: by property (approvedAmount, as
 * records travel on the wire). Processes modelled before properties named the columns (approved_amount);
 * every parser here reads such a name as its property (propertyOf), so a deployed definition keeps
 * working and opens in the modeller with its rules in place. Names that are their column's own property
 * (input_1700000000000) read as they are.
 */

/** A field name a rule uses, as the property it means (approved_amount, from an older modeller, is approvedAmount). */
export const ruleField = (name: string): string => propertyOf(name);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A condition with every field it names renamed (the grammar's $and, $or and $not kept), as a new object;
 * anything that is not the grammar's shape is left as it is, for the grammar's check to refuse.
 */
export function renameConditionFields(condition: Condition, rename: (name: string) => string): Condition {
  const inner = (c: unknown): unknown => (isObject(c) ? renameConditionFields(c as Condition, rename) : c);
  const out: Record<string, unknown> = {};
  for (const [key, test] of Object.entries(condition)) {
    if (key === '$and' || key === '$or') out[key] = Array.isArray(test) ? test.map(inner) : test;
    else if (key === '$not') out[key] = inner(test);
    else out[key.startsWith('$') ? key : rename(key)] = test;
  }
  return out as Condition;
}

export type AssigneeKind = 'user' | 'role' | 'initiator' | 'initiatorDept' | 'deptLeader' | 'field';

export interface AssigneeRule {
  kind: AssigneeKind;
  /** username, role code, or form field name (a property); empty for initiator, initiatorDept and deptLeader. */
  value: string;
}

export const ASSIGNEE_KINDS: { kind: AssigneeKind; label: string; needsValue: boolean }[] = [
  { kind: 'user', label: '指定用户', needsValue: true },
  { kind: 'role', label: '指定角色', needsValue: true },
  { kind: 'initiator', label: '发起人', needsValue: false },
  { kind: 'initiatorDept', label: '发起人所在部门', needsValue: false },
  { kind: 'deptLeader', label: '发起人部门负责人', needsValue: false },
  { kind: 'field', label: '表单字段中的用户', needsValue: true },
];

const VALUE = /^[A-Za-z0-9_.@-]{1,64}$/;

/** 'role:finance' → { kind, value }; undefined for anything outside the grammar. A field rule's field reads as its property. */
export function parseAssignee(text: string | undefined): AssigneeRule | undefined {
  if (!text) return undefined;
  const [kind, value = ''] = text.trim().split(':', 2);
  const known = ASSIGNEE_KINDS.find((k) => k.kind === kind);
  if (!known) return undefined;
  if (known.needsValue ? !VALUE.test(value) : value !== '') return undefined;
  return { kind: known.kind, value: known.kind === 'field' ? ruleField(value) : value };
}

export const formatAssignee = (rule: AssigneeRule): string => (rule.value ? `${rule.kind}:${rule.value}` : rule.kind);

/** A list of rules separated by commas (copy recipients); undefined when any part is wrong. */
export function parseAssigneeList(text: string | undefined): AssigneeRule[] | undefined {
  if (!text?.trim()) return [];
  const rules = text.split(',').map((part) => parseAssignee(part));
  return rules.every(Boolean) ? (rules as AssigneeRule[]) : undefined;
}

export type FieldAccess = 'edit' | 'read' | 'hidden';

/**
 * 'approvedAmount:edit,phone:hidden' → a map by property; fields left out are read-only. Undefined when
 * malformed. A column name (approved_amount:edit, an older modeller's) reads as its property.
 */
export function parseFieldAccess(text: string | undefined): Record<string, FieldAccess> | undefined {
  const out: Record<string, FieldAccess> = {};
  if (!text?.trim()) return out;
  for (const part of text.split(',')) {
    const [field, access] = part.trim().split(':', 2);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(field ?? '') || !['edit', 'read', 'hidden'].includes(access ?? '')) return undefined;
    out[ruleField(field)] = access as FieldAccess;
  }
  return out;
}

export const formatFieldAccess = (access: Record<string, FieldAccess>): string =>
  Object.entries(access)
    .filter(([, a]) => a !== 'read')
    .map(([f, a]) => `${f}:${a}`)
    .join(',');

/**
 * The text of a sequence flow's condition as the condition grammar, naming fields by property (a column
 * name, an older modeller's, reads as its property), or undefined when it is not JSON.
 */
export function parseConditionText(text: string | undefined): Condition | undefined {
  if (!text?.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? renameConditionFields(value as Condition, ruleField) : undefined;
}

/** The results an end event may carry, and what they mean to a business record. */
export const END_RESULTS = [
  { value: 'approved', label: '通过' },
  { value: 'rejected', label: '驳回' },
] as const;

/** What the client and the server say about an instance's state. */
export const INSTANCE_STATUS: Record<string, string> = {
  running: '审批中',
  suspended: '已挂起',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
  terminated: '已终止',
};

export const TASK_ACTIONS: Record<string, string> = {
  start: '发起',
  approve: '同意',
  reject: '驳回',
  transfer: '转办',
  addSigner: '加签',
  claim: '签收',
  withdraw: '撤回',
  urge: '催办',
  suspend: '挂起',
  resume: '恢复',
  terminate: '终止',
  reassign: '改派',
  timer: '定时',
  end: '结束',
};
