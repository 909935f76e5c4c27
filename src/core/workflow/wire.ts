import type { FieldAccess } from './rules.ts';

/* The workflow's answers on the wire, declared once for the server's queries and the client's pages. */

export interface WfPage<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

export interface WfInstanceView {
  id: string;
  title: string;
  processName: string;
  version: number;
  status: string;
  statusText: string;
  initiator: string;
  initiatorName: string;
  startTime: string;
  endTime: string | null;
  /** The steps waiting now, joined with 、. */
  currentNodes: string;
  currentAssignees: string;
  entity: string | null;
  businessId: string | null;
}

export interface WfTimelineEntry {
  action: string;
  actionText: string;
  actorName: string;
  nodeName: string | null;
  target: string | null;
  comment: string | null;
  time: string;
}

export interface WfInstanceDetail extends WfInstanceView {
  xml: string;
  activeNodes: string[];
  doneNodes: string[];
  openTasks: { id: string; nodeName: string; assignee: string | null; assigneeName: string }[];
  timeline: WfTimelineEntry[];
}

export interface WfTaskView {
  id: string;
  instanceId: string;
  title: string;
  processName: string;
  nodeName: string;
  initiatorName: string;
  createTime: string;
  /** Offered to several candidates; one claims it first. */
  claimable: boolean;
  /** The person who entrusted this task to the reader, when it is not the reader's own. */
  entrustedBy: string | null;
  instanceStatus: string;
}

export interface WfField {
  /** The field's property (approvedAmount), as the record below and the values an approval sends name it. */
  name: string;
  label: string;
  type: string;
  access: FieldAccess;
  dict: string | null;
}

export interface WfTaskDetail {
  id: string;
  nodeName: string;
  claimable: boolean;
  instance: WfInstanceDetail;
  fields: WfField[];
  /** The business record by property (approvedAmount, payStatus_dictText), less the fields the step hides. */
  record: Record<string, unknown>;
  rejectTargets: { node: string; name: string }[];
}

export interface WfProcessView {
  id: string;
  key: string;
  name: string;
  version: number;
  entity: string | null;
  createBy: string | null;
  createTime: string;
  /** Instances of any version of this key still running. */
  running: number;
}

export interface WfEntity {
  code: string;
  title: string;
  /** By property (applyAmount): the names a process's conditions and field rules use. */
  fields: { name: string; label: string; type: string; dict: string | null }[];
}

export interface WfEntrustView {
  id: string;
  agent: string;
  agentName: string;
  beginDate: string;
  endDate: string;
  reason: string | null;
  active: boolean;
}
