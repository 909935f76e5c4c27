/*
 * The shapes that cross the wire between server and client (spec sections 3 and 7). The server's
 * handlers return these types, so the two sides cannot drift.
 */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number | string;
  result: T;
  timestamp: number;
}

/**
 * JeecgBoot's Result.noauth code: a read refused for want of permission (HTTP 403). The list, sub-table and
 * dictionary lists show its message as a warning (spec section 8).
 */
export const NO_AUTH_CODE = 510;

export interface ButtonAuth {
  action: string;
  describe: string;
  /** '1' show/hide strategy; '2' enable/disable strategy, skipped by the button directive. */
  type: string;
  /** '0' means the button is not enforced: everyone sees it. */
  status: string;
}

export interface MenuMeta {
  title: string;
  icon?: string;
  url?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string;
  permissionList?: ButtonAuth[];
}

/** One entry of the menu tree of getUserPermissionByToken. */
export interface MenuNode {
  id: string;
  path: string;
  name: string;
  component: string;
  route: '0' | '1';
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface PermissionResult {
  menu: MenuNode[];
  auth: ButtonAuth[];
  allAuth: ButtonAuth[];
}

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  orgCodeTxt: string | null;
  status: number;
  workNo: string | null;
  post: string | null;
  createTime: string | null;
  departIds: string;
  relTenantIds: string;
  tenantId: number;
}

export interface DictOption {
  value: string;
  text: string;
  label: string;
  title: string;
  color?: string;
}

/** A user as the user pickers list them (/sys/user/selectUserList, queryUserComponentData, queryUserByDepId). */
export interface PickedUser {
  id: string;
  username: string;
  realname: string;
  /** 1 male, 2 female. */
  sex: number | null;
  phone: string | null;
  orgCode: string | null;
  /** The names of the user's departments, comma separated (the modal's department column). */
  orgCodeTxt: string;
  departIds: string;
}

export interface DepartBrief {
  id: string;
  orgCode: string;
  departName: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems: Record<string, DictOption[]>;
  departs: DepartBrief[];
  multi_depart: 0 | 1 | 2;
}

export interface SiteInfo {
  appName: string;
  appAbbr: string;
  appDesc: string;
  appLogo: string;
  helpPath: string;
  allowRegister: boolean;
  allowPhoneLogin: boolean;
  allowThirdLogin: boolean;
  isSetAppLogo: boolean;
  allowGuest: boolean;
  /** Sign-in asks for the captcha (/sys/randomImage/{key}). */
  captcha?: boolean;
}

/** 图表报表: one chart's figures (GET /online/graphreport/api/getChartsData/{code}). */
export type GraphType = 'bar' | 'line' | 'pie' | 'table';

export interface ChartSeries {
  key: string;
  label: string;
}

export interface ChartData {
  code: string;
  name: string;
  /** One tab each, in this order. */
  types: GraphType[];
  yAxisText: string | null;
  dimension: ChartSeries;
  series: ChartSeries[];
  /** One row per group: `text` the dimension as shown, `value` as stored, then one figure per series key (y0, y1…). */
  rows: { text: string; value: unknown; [key: string]: unknown }[];
  /** A report source's query items: their values, sent back with getChartsData, filter the rows before grouping. */
  query: ChartQueryItem[];
}

/** A query item as getQueryInfo answers it (the report's searched columns). */
export interface ChartQueryItem {
  field: string;
  label: string;
  view: string;
  mode: 'single' | 'group';
  dictCode?: string;
  /** A table dictionary's table and text column (dictCode is then its value column), as list query items name them. */
  dictTable?: string;
  dictText?: string;
  hidden: '0' | '1';
}

/** A chart block of the home dashboard (GET /online/graphreport/api/dashboard). */
export interface DashboardGraph {
  code: string;
  name: string;
}

/** One line of the home page's 待办事项 (GET /dashboard/analysis, /dashboard/workplace). */
export interface PendingItem {
  key: string;
  title: string;
  count: number;
  /** The list's route, or null when the area does not exist (yet). */
  path: string | null;
}

export interface ActivityItem {
  id: string;
  time: string;
  kind: 'login' | 'operation';
  /** '登录成功', '新增 捐赠记录' … */
  text: string;
  ip: string | null;
  /** The document's list, when the change was to a document the user may open. */
  path: string | null;
}

/** 工作台 and 任务: the pending work the home page counts, and the user's own recent activity. */
export interface WorkplaceFigures {
  pending: PendingItem[];
  activity: ActivityItem[];
}

/* GET /dashboard/analysis (server/services/dashboard): a section is null when the user may not see it. */

export type ReportRow = { value: string | null; text: string } & Record<string, number | string | null>;

export interface DonationFigures {
  year: number;
  amount: number;
  count: number;
  donors: number;
  monthAmount: number;
  lastMonthAmount: number;
  /** (this month − last month) / last month; null when last month had nothing */
  monthOnMonth: number | null;
  byMonth: ReportRow[];
  byActivity: ReportRow[];
  byPayMethod: ReportRow[];
}

/** A type, not an interface: charts take it as a row of named values (an index signature). */
export type StatusCount = {
  value: string;
  text: string;
  count: number;
};

/** A type, not an interface: charts take it as a row of named values (an index signature). */
export type ProjectFunds = {
  text: string;
  approved: number;
  disbursed: number;
};

export interface ProjectFigures {
  byStatus: StatusCount[];
  approved: number;
  disbursed: number;
  byProject: ProjectFunds[];
}

export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export interface VisitDay {
  /** YYYY-MM-DD */
  tian: string;
  /** MM-DD, the chart's axis label */
  type: string;
  visit: number;
  ip: number;
}

export interface DashboardFigures {
  donations: DonationFigures | null;
  projects: ProjectFigures | null;
  pending: PendingItem[];
  loginInfo: LoginInfo;
  visits: VisitDay[];
}

/**
 * How far an Excel import or export is (GET /sys/excel/progress): an import's rows are checked, then written
 * together; an export's rows are read and laid out page by page.
 */
export type ExcelKind = 'import' | 'export';

export type ExcelPhase = 'check' | 'write' | 'read' | 'done' | 'failed' | 'cancelled';

/**
 * The phases in which a run may still be cancelled: between its chunks, and while an import writes — its rows
 * go into a pending batch dropped on a cancel (embedded database), or into one transaction whose commit a
 * cancel that came first rolls back (PostgreSQL).
 */
export const CANCELLABLE_PHASES: readonly ExcelPhase[] = ['check', 'write', 'read'];

/** The refusals a run cancelled by its user answers with. */
export const CANCELLED: Record<ExcelKind, string> = { import: '导入已取消', export: '导出已取消' };

export interface ExcelProgress {
  kind: ExcelKind;
  phase: ExcelPhase;
  /** Rows checked (import) or laid out (export) so far, noted every chunk. */
  done: number;
  total: number;
}

/**
 * What a file ticket (POST /sys/common/fileTicket) lets its holder do with one stored file for a short while:
 * download it, or preview it in the browser (a PDF inline). Pictures need none: they are shown by their path.
 */
export type FileTicketPurpose = 'download' | 'preview';

export interface FileTicket {
  /** Appended to the file's address as ?ticket=. */
  ticket: string;
  /** Seconds it stays valid. */
  expiresIn: number;
}
