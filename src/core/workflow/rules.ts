import type { Condition } from '../schema/types.generated.ts';

/*
 * The workflow's declarative rules, shared by the modeller's properties panel and the server's engine.
 * They travel inside BPMN XML as attributes of the `hope:` namespace (hope-moddle.json), never as script:
 *   hope:assignee="role:finance"                  who gets a user task (user:, role:, initiator, initiatorDept, deptLeader, field:)
 *   hope:fields="approved_amount:edit,phone:hidden" what the task's form lets its assignee do per field
 *   hope:cc="user:lina,role:admin"                  who is copied when the task is reached
 *   <conditionExpression>{"apply_amount":{"$gt":100000}}</conditionExpression>   the condition grammar
 *   hope:result="approved" on an end event          the result the business record's status follows
 */

export type AssigneeKind = 'user' | 'role' | 'initiator' | 'initiatorDept' | 'deptLeader' | 'field';

export interface AssigneeRule {
  kind: AssigneeKind;
  /** username, role code, or form field name; empty for initiator, initiatorDept and deptLeader. */
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

/** 'role:finance' → { kind, value }; undefined for anything outside the grammar. */
export function parseAssignee(text: string | undefined): AssigneeRule | undefined {
  if (!text) return undefined;
  const [kind, value = ''] = text.trim().split(':', 2);
  const known = ASSIGNEE_KINDS.find((k) => k.kind === kind);
  if (!known) return undefined;
  if (known.needsValue ? !VALUE.test(value) : value !== '') return undefined;
  return { kind: known.kind, value };
}

export const formatAssignee = (rule: AssigneeRule): string => (rule.value ? `${rule.kind}:${rule.value}` : rule.kind);

/** A list of rules separated by commas (copy recipients); undefined when any part is wrong. */
export function parseAssigneeList(text: string | undefined): AssigneeRule[] | undefined {
  if (!text?.trim()) return [];
  const rules = text.split(',').map((part) => parseAssignee(part));
  return rules.every(Boolean) ? (rules as AssigneeRule[]) : undefined;
}

export type FieldAccess = 'edit' | 'read' | 'hidden';

/** 'approved_amount:edit,phone:hidden' → a map; fields left out are read-only. Undefined when malformed. */
export function parseFieldAccess(text: string | undefined): Record<string, FieldAccess> | undefined {
  const out: Record<string, FieldAccess> = {};
  if (!text?.trim()) return out;
  for (const part of text.split(',')) {
    const [field, access] = part.trim().split(':', 2);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(field ?? '') || !['edit', 'read', 'hidden'].includes(access ?? '')) return undefined;
    out[field] = access as FieldAccess;
  }
  return out;
}

export const formatFieldAccess = (access: Record<string, FieldAccess>): string =>
  Object.entries(access)
    .filter(([, a]) => a !== 'read')
    .map(([f, a]) => `${f}:${a}`)
    .join(',');

/** The text of a sequence flow's condition as the condition grammar, or undefined when it is not JSON. */
export function parseConditionText(text: string | undefined): Condition | undefined {
  if (!text?.trim()) return undefined;
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Condition) : undefined;
  } catch {
    return undefined;
  }
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
