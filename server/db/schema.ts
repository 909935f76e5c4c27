import type { ColumnType, Generated } from 'kysely';

/*
 * Row types of the system tables, as Kysely sees them. Business tables are not listed here: they are
 * derived from schemas/ at run time and reached through the generic runtime.
 */

type Audit = {
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
};

export interface SysMeta {
  key: string;
  value: string;
}

export interface SysTenant {
  id: number;
  name: string;
  status: number;
  create_time: string | null;
}

export interface SysDepart extends Audit {
  id: string;
  parent_id: string | null;
  depart_name: string;
  org_code: string;
  org_category: string;
  depart_order: number;
  description: string | null;
  /** 部门负责人: usernames, comma-separated. */
  leader: string | null;
  status: string;
  del_flag: number;
  tenant_id: number;
}

export interface SysUser extends Audit {
  id: string;
  username: string;
  realname: string;
  password: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  /** The department the user is currently signed in under (JeecgBoot's org_code). */
  org_code: string | null;
  /** 1 normal, 2 frozen. */
  status: number;
  del_flag: number;
  work_no: string | null;
  post: string | null;
  tenant_id: number;
  /** Tokens issued before this moment (epoch seconds) are refused, but for `session_keep` (password changes). */
  session_floor?: number;
  session_keep?: string | null;
}

export interface SysRole extends Audit {
  id: string;
  role_name: string;
  role_code: string;
  description: string | null;
  tenant_id: number;
}

export interface SysUserRole {
  id: string;
  user_id: string;
  role_id: string;
}

export interface SysPermission extends Audit {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  /** 0 top-level menu, 1 sub-menu, 2 button/permission. */
  menu_type: number;
  perms: string | null;
  /** '1' show/hide strategy, '2' enable/disable strategy (skipped by the button directive). */
  perms_type: string;
  sort_no: number;
  always_show: boolean;
  icon: string | null;
  is_route: boolean;
  is_leaf: boolean;
  keep_alive: boolean;
  hidden: boolean;
  internal_or_external: boolean;
  description: string | null;
  /** '1' active; '0' means the button is not enforced (visible to everyone). */
  status: string;
  del_flag: number;
}

export interface SysRolePermission {
  id: string;
  role_id: string;
  permission_id: string;
  data_rule_ids: string | null;
}
export interface SysUserDepart {
  id: string;
  user_id: string;
  dep_id: string;
}
export interface SysUserTenant {
  user_id: string;
  tenant_id: number;
}

export interface SysDict extends Audit {
  id: string;
  dict_name: string;
  dict_code: string;
  description: string | null;
  del_flag: number;
  type: number;
  tenant_id: number;
}

export interface SysDictItem extends Audit {
  id: string;
  dict_id: string;
  item_text: string;
  item_value: string;
  item_color: string | null;
  description: string | null;
  sort_order: number;
  status: number;
}

export interface SysTokenRevoked {
  jti: string;
  expires_at: string;
}

export interface SysLoginFailure {
  id: Generated<number>;
  username: string;
  ip: string | null;
  failed_at: string;
}

export interface SysLog {
  id: string;
  /** 1 login, 2 operation. */
  log_type: number;
  log_content: string | null;
  operate_type: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  request_url: string | null;
  request_type: string | null;
  request_param: string | null;
  cost_time: number | null;
  create_time: ColumnType<string, string, string>;
  tenant_id: number;
}

export interface SysAnnouncement extends Audit {
  id: string;
  titile: string;
  msg_content: string | null;
  msg_abstract: string | null;
  sender: string | null;
  /** L general, M important, H urgent. */
  priority: string;
  /** '1' notice, '2' system message. */
  msg_category: string;
  /** 'ALL' or 'USER' (the users in user_ids). */
  msg_type: string;
  user_ids: string | null;
  /** '0' draft, '1' released, '2' revoked. */
  send_status: string;
  send_time: string | null;
  cancel_time: string | null;
  open_type: string | null;
  open_page: string | null;
  bus_type: string | null;
  bus_id: string | null;
  del_flag: number;
  tenant_id: number;
}

export interface SysAnnouncementSend {
  id: string;
  annt_id: string;
  user_id: string;
  read_flag: number;
  read_time: string | null;
  create_time: ColumnType<string, string | undefined, string>;
}

/** A designer-made (database-stored) schema document; it overrides the file of the same code. */
export interface SysSchema {
  code: string;
  document: ColumnType<unknown, string, string>;
  version: number;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

/** One write through the schema runtime: the record before and after, numbered per record. */
export interface SysDataLog {
  id: string;
  data_table: string;
  data_id: string;
  action: string;
  data_before: ColumnType<unknown, string | null, string | null>;
  data_after: ColumnType<unknown, string | null, string | null>;
  data_version: number;
  create_by: string | null;
  create_time: string;
  tenant_id: number;
  /** The import batch that wrote the row while it is pending (migration 038); kept, meaningless, once published. */
  import_batch: string | null;
}

/** An import's batch while its rows are pending (server/engine/write/import-batch.ts). */
export interface SysImportBatch {
  id: string;
  table_name: string;
  create_time: Generated<string>;
}

export interface SysFillRule {
  rule_code: string;
  rule_name: string;
  prefix: string;
  date_format: string;
  seq_length: number;
  reset_period: string;
  create_by: string | null;
  create_time: string | null;
}

export interface SysFillRuleSeq {
  rule_code: string;
  period: string;
  value: number;
}

export interface SysRowCount {
  table_name: string;
  n: number;
}

/** One server process's heartbeat (server/monitor/heartbeat.ts); times are timestamptz, read as epoch seconds. */
export interface SysExcelRun {
  id: string;
  kind: string;
  user_id: string;
  table_name: string;
  phase: string;
  done: Generated<number>;
  total: number;
  cancelled: Generated<boolean>;
  created_at: Generated<string>;
}

export interface SysMonitorProcess {
  id: string;
  host: string;
  pid: number;
  started_at: Generated<string>;
  seen_at: Generated<string>;
  requests: number;
  errors: number;
  error_rate: number;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  open_connections: number;
  websockets: number;
  heap_used_mb: number;
  rss_mb: number;
}

export interface DB {
  sys_row_count: SysRowCount;
  sys_meta: SysMeta;
  sys_tenant: SysTenant;
  sys_depart: SysDepart;
  sys_user: SysUser;
  sys_role: SysRole;
  sys_user_role: SysUserRole;
  sys_permission: SysPermission;
  sys_role_permission: SysRolePermission;
  sys_user_depart: SysUserDepart;
  sys_user_tenant: SysUserTenant;
  sys_dict: SysDict;
  sys_dict_item: SysDictItem;
  sys_token_revoked: SysTokenRevoked;
  sys_login_failure: SysLoginFailure;
  sys_log: SysLog;
  sys_announcement: SysAnnouncement;
  sys_announcement_send: SysAnnouncementSend;
  sys_schema: SysSchema;
  sys_data_log: SysDataLog;
  sys_fill_rule: SysFillRule;
  sys_fill_rule_seq: SysFillRuleSeq;
  sys_excel_run: SysExcelRun;
  sys_import_batch: SysImportBatch;
  sys_monitor_process: SysMonitorProcess;
}
