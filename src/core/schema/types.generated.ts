/* Generated from schemas/_meta/*.schema.json by `npm run gen:types`. Do not edit by hand. */

/**
 * A field of an entity (a declared field or an audit column), wherever a document names one: its property, as records on the wire name it (createTime, orgCode); its column is the snake name (create_time), or the property itself where that holds an underscore (a designer key such as input_1700000000000; src/core/schema/field-names.ts). "x-field" marks every such place for the tools that rename fields across a document (src/core/schema/field-refs.ts): "name" a string naming one, "keys" an object whose keys (but $-operators) name fields, "list" a comma list of them, "template" a text naming them in {braces}.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "FieldName".
 */
export type FieldName = string;
/**
 * A computed value for linkage: a literal, a field, or an operator over expressions. Interpreted, never evaluated as code.
 */
export type Expression =
  | (string | number | boolean | null)
  | {
      $field: FieldName;
    }
  | {
      $add?: Expression[];
      /**
       * @minItems 2
       * @maxItems 2
       */
      $sub?: Expression[];
      $mul?: Expression[];
      /**
       * @minItems 2
       * @maxItems 2
       */
      $div?: Expression[];
      /**
       * @minItems 2
       * @maxItems 2
       */
      $round?: Expression[];
      $concat?: Expression[];
      /**
       * @minItems 3
       * @maxItems 3
       */
      $if?: unknown[];
    };

/**
 * One screen and the entity behind it. Every file in schemas/ (and every designer-made document in the database) passes this meta-schema.
 */
export interface SchemaDocument {
  $schema?: string;
  /**
   * format version; older documents are upgraded on load (2: fields named by property, createTime rather than create_time)
   */
  version: 2;
  /**
   * area/entity: also the API path /{area}/{entity}/…
   */
  code: string;
  title: string;
  menu?: MenuDef;
  /**
   * button permission codes are {prefix}:add, :edit, …; default area:entity
   */
  permissionPrefix?: string;
  dictionaries?: DictDef[];
  fillRules?: FillRuleDef[];
  entity: EntityDef;
  list?: ListDef;
  form?: FormDef1;
  detail?: DetailDef;
  /**
   * aggregate reports over this entity's records (totals by dimension for a date range), each a screen with its own menu entry
   */
  reports?: ReportDef[];
}
/**
 * This interface was referenced by `SchemaDocument`'s JSON-Schema
 * via the `definition` "MenuDef".
 */
export interface MenuDef {
  /**
   * the area menu this screen sits under (created when missing)
   */
  parent: string;
  parentTitle?: string;
  parentIcon?: string;
  parentSort?: number;
  title?: string;
  icon?: string;
  sort?: number;
  hidden?: boolean;
  keepAlive?: boolean;
  /**
   * what the entry opens: the list of records (default), or the add form as a whole page ending on a result page (提交成功, or 提交失败 with the server's reason)
   */
  screen?: 'list' | 'form';
  result?: ScreenResult;
  /**
   * role codes granted the menu and all its buttons on first sync (admin always is)
   */
  roles?: string[];
  /**
   * role codes granted the menu and the detail/export buttons only
   */
  readRoles?: string[];
  /**
   * further button permissions {prefix}:{key} a screen's own server code checks (用户管理's 分配角色), granted to admin and the listed roles on creation
   */
  buttons?: MenuButton[];
}
/**
 * the success page of a form screen (default 提交成功)
 */
export interface ScreenResult {
  title: string;
  description?: string;
}
export interface MenuButton {
  key: string;
  name: string;
  roles?: string[];
}
/**
 * This interface was referenced by `SchemaDocument`'s JSON-Schema
 * via the `definition` "DictDef".
 */
export interface DictDef {
  code: string;
  name: string;
  /**
   * @minItems 1
   */
  items: DictItemDef[];
}
export interface DictItemDef {
  value: string;
  text: string;
  color?: string;
}
/**
 * A generated code: prefix + date + a sequence that restarts every period.
 *
 * This interface was referenced by `SchemaDocument`'s JSON-Schema
 * via the `definition` "FillRuleDef".
 */
export interface FillRuleDef {
  code: string;
  name: string;
  prefix: string;
  dateFormat?: '' | 'YYYY' | 'YYYYMM' | 'YYYYMMDD';
  seqLength?: number;
  reset?: 'never' | 'year' | 'month' | 'day';
}
/**
 * The table behind a screen: its fields, indexes and the rules the server enforces. The server derives the table, its indexes and its record validator from it; changes are additive only.
 */
export interface EntityDef {
  table: string;
  /**
   * A table owned by the system migrations: the runtime checks the fields exist but never creates or alters it.
   */
  system?: boolean;
  /**
   * @minItems 1
   */
  fields: FieldDef[];
  indexes?: IndexDef[];
  /**
   * unique fields and unique indexes hold within each tenant (with the shared rows of tenant 0) instead of across the whole table: for values people enter that say something about someone (an openid, an id card number), so that one tenant's save or duplicate check tells nothing about another's rows. Leave unset for codes the system looks up by value
   */
  uniquePer?: 'tenant';
  dictSource?: DictSource;
  parent?: ParentDef;
  rules?: EntityRules;
  /**
   * records are only read through the runtime (logs, views): add, edit, delete and import are refused
   */
  readOnly?: boolean;
  softDelete?: FieldName;
  /**
   * a new record's id is a positive integer the user chooses (租户编号: the ids every tenant_id column carries) instead of a generated one; refused when missing, not an integer or taken
   */
  chosenId?: {
    label: string;
  };
}
/**
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "FieldDef".
 */
export interface FieldDef {
  name: FieldName;
  label: string;
  /**
   * This interface was referenced by `EntityDef`'s JSON-Schema
   * via the `definition` "FieldType".
   */
  type: 'string' | 'text' | 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean' | 'json';
  /**
   * for string: the column's varchar length (default 255)
   */
  length?: number;
  /**
   * for decimal: total digits (default 12)
   */
  precision?: number;
  /**
   * for decimal: digits after the point (default 2)
   */
  scale?: number;
  required?: boolean;
  unique?: boolean;
  index?: boolean;
  default?: string | number | boolean | null;
  /**
   * values must be items of this system dictionary
   */
  dict?: string;
  ref?: RefDef;
  min?: number;
  max?: number;
  pattern?: string;
  patternMessage?: string;
  /**
   * never written by add or edit (rolled-up or generated values)
   */
  readOnly?: boolean;
  mask?: 'phone' | 'idcard' | 'name' | 'bankcard' | 'email';
  generated?: {
    rule: string;
  };
  /**
   * rich text cleaned on the server before it is stored
   */
  sanitize?: 'html';
  /**
   * a trigram index for substring search
   */
  searchable?: 'like';
  /**
   * no column: a value the form carries (a user's roles, a password) that the document's hooks (server/hooks/) receive as `virtual` and store; reads that show it are the document's own routes
   */
  virtual?: boolean;
  requiredWhen?: RequiredWhen;
  /**
   * a named server-side check registered in code (server/engine/write/field-checks.ts)
   */
  check?: 'cron' | 'jobHandler' | 'databaseUrl' | 'checkRules';
  /**
   * stored encrypted (AES-GCM, key derived from the install secret), never returned; an empty value on edit keeps the stored one
   */
  secret?: boolean;
  /**
   * the stored value is a code a person reads by another name: 'region' (a GB/T 2260 area code, read as 省/市/区), 'table' (a table name, read as the title of the document over it) or a table dictionary 'table,text,code' of a document declaring it as dictSource (users by username: 'sys_user,realname,username'); the reader adds the text as {field}_dictText to lists, details and exports, item by item for a comma list
   */
  labelFrom?: string;
}
/**
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "RefDef".
 */
export interface RefDef {
  entity: string;
  label?: FieldName;
  /**
   * this record's field → the referenced record's field that must be equal (a team must belong to the record's activity)
   */
  match?: {
    [k: string]: FieldName;
  };
  message?: string;
}
/**
 * The field is required when the record meets this condition (税号 for a 单位 title); the server refuses a save without it, the form shows it with a require linkage.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "RequiredWhen".
 */
export interface RequiredWhen {
  when: Condition;
  message?: string;
}
/**
 * The declarative condition grammar shared by list queries, linkage and server rules: { "$and": [ { "status": { "$eq": "1" } } ] }. Interpreted, never evaluated as code.
 */
export interface Condition {
  /**
   * @minItems 1
   */
  $and?: Condition[];
  /**
   * @minItems 1
   */
  $or?: Condition[];
  $not?: Condition;
  [k: string]: Comparison | Condition[] | Condition | undefined;
}
/**
 * This interface was referenced by `Condition`'s JSON-Schema definition
 * via the `patternProperty` "^([a-z][a-zA-Z0-9]{0,62}|[a-z][a-z0-9_]{0,62})$".
 *
 * This interface was referenced by `Condition`'s JSON-Schema
 * via the `definition` "Comparison".
 *
 * This interface was referenced by `Condition1`'s JSON-Schema definition
 * via the `patternProperty` "^([a-z][a-zA-Z0-9]{0,62}|[a-z][a-z0-9_]{0,62})$".
 *
 * This interface was referenced by `Condition1`'s JSON-Schema
 * via the `definition` "Comparison".
 *
 * This interface was referenced by `Condition2`'s JSON-Schema definition
 * via the `patternProperty` "^([a-z][a-zA-Z0-9]{0,62}|[a-z][a-z0-9_]{0,62})$".
 *
 * This interface was referenced by `Condition2`'s JSON-Schema
 * via the `definition` "Comparison".
 *
 * This interface was referenced by `Condition3`'s JSON-Schema definition
 * via the `patternProperty` "^([a-z][a-zA-Z0-9]{0,62}|[a-z][a-z0-9_]{0,62})$".
 *
 * This interface was referenced by `Condition3`'s JSON-Schema
 * via the `definition` "Comparison".
 */
export interface Comparison {
  /**
   * This interface was referenced by `Condition`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition1`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition2`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition3`'s JSON-Schema
   * via the `definition` "Scalar".
   */
  $eq?: string | number | boolean | null;
  /**
   * This interface was referenced by `Condition`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition1`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition2`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition3`'s JSON-Schema
   * via the `definition` "Scalar".
   */
  $ne?: string | number | boolean | null;
  /**
   * This interface was referenced by `Condition`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition1`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition2`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition3`'s JSON-Schema
   * via the `definition` "Scalar".
   */
  $gt?: string | number | boolean | null;
  /**
   * This interface was referenced by `Condition`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition1`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition2`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition3`'s JSON-Schema
   * via the `definition` "Scalar".
   */
  $gte?: string | number | boolean | null;
  /**
   * This interface was referenced by `Condition`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition1`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition2`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition3`'s JSON-Schema
   * via the `definition` "Scalar".
   */
  $lt?: string | number | boolean | null;
  /**
   * This interface was referenced by `Condition`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition1`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition2`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition3`'s JSON-Schema
   * via the `definition` "Scalar".
   */
  $lte?: string | number | boolean | null;
  /**
   * Items: This interface was referenced by `Condition`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition1`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition2`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition3`'s JSON-Schema
   * via the `definition` "Scalar".
   */
  $in?: (string | number | boolean | null)[];
  /**
   * Items: This interface was referenced by `Condition`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition1`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition2`'s JSON-Schema
   * via the `definition` "Scalar".
   *
   * This interface was referenced by `Condition3`'s JSON-Schema
   * via the `definition` "Scalar".
   */
  $nin?: (string | number | boolean | null)[];
  $like?: string;
  $empty?: boolean;
}
/**
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "IndexDef".
 */
export interface IndexDef {
  /**
   * @minItems 1
   */
  columns: FieldName[];
  unique?: boolean;
}
/**
 * Declares this table a dictionary source: table dictionaries 'table,text,code' may name it with these columns only.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "DictSource".
 */
export interface DictSource {
  /**
   * @minItems 1
   */
  text: string[];
  /**
   * @minItems 1
   */
  code: string[];
  pid?: string;
  hasChild?: string;
}
/**
 * A child entity edited inside its parent's form (a batch sub-table): rows are stored with the parent's id in this field.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "ParentDef".
 */
export interface ParentDef {
  entity: string;
  field: FieldName;
}
/**
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "EntityRules".
 */
export interface EntityRules {
  rollups?: RollupRule[];
  transitions?: TransitionRule;
  limits?: LimitRule[];
  /**
   * a record is not deleted while rows of these tables point at it
   */
  restrictDelete?: DeleteGuard[];
  /**
   * holders of this permission see masked fields unmasked
   */
  sensitivePermission?: string;
  effects?: EffectRule[];
  derived?: DerivedRule[];
  locked?: LockRule;
  /**
   * cross-field rules a record must meet (an end not before its start); checked by the form as the user types and by the server's writer
   */
  checks?: CompareRule[];
  workflow?: WorkflowRule;
}
/**
 * Keeps a field of a referenced record equal to an aggregate over this entity's rows that point at it.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "RollupRule".
 */
export interface RollupRule {
  /**
   * entity code of the record that holds the total
   */
  target: string;
  via: FieldName;
  into: FieldName;
  op: 'sum' | 'count' | 'countDistinct';
  of?: FieldName;
  subtractWhere?: Condition1;
  where?: Condition;
}
/**
 * for sum: rows matching this are subtracted (a ledger's balance: income minus expense)
 */
export interface Condition1 {
  /**
   * @minItems 1
   */
  $and?: Condition[];
  /**
   * @minItems 1
   */
  $or?: Condition[];
  $not?: Condition;
  [k: string]: Comparison | Condition[] | Condition | undefined;
}
/**
 * The allowed moves of a status field; any other change of the field is refused.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "TransitionRule".
 */
export interface TransitionRule {
  field: string;
  /**
   * values a new record may start with
   */
  initial?: string[];
  steps: TransitionStep[];
}
export interface TransitionStep {
  /**
   * @minItems 1
   */
  from: string[];
  to: string;
  permission?: string;
  /**
   * shown as a row action button on lists for rows whose status is in from (POST /{area}/{entity}/transition)
   */
  label?: string;
  comment?: FieldName;
  commentRequired?: boolean;
  /**
   * further fields of this entity the row action's dialog asks for; each must be filled (立项 asks for 批准金额)
   */
  fields?: FieldName[];
  /**
   * fields set by the server on this move: the acting user's name, the moment or the date (审核人, 审核时间)
   */
  stamp?: {
    [k: string]: 'user' | 'now' | 'today';
  };
  /**
   * roles granted the step's permission when it is first created (default: the menu's roles)
   */
  roles?: string[];
}
/**
 * The sum of a field over this entity's rows sharing a parent never exceeds a field of that parent.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "LimitRule".
 */
export interface LimitRule {
  sum: FieldName;
  via: FieldName;
  ceiling: {
    entity: string;
    field: FieldName;
  };
  where?: Condition;
  parentWhere?: Condition;
  parentMessage?: string;
  /**
   * when given, the parent side is guarded too: an edit of the parent that lowers its ceiling below what its rows count, or takes it out of parentWhere while rows still count, is refused with this message
   */
  ceilingMessage?: string;
  message: string;
}
/**
 * Refuses deleting a record while a row of `table` holds its id in `field` (a child department, a user of the department). The table is a document's table or a system link table the server knows.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "DeleteGuard".
 */
export interface DeleteGuard {
  table: string;
  field: FieldName;
  message: string;
}
/**
 * When a record reaches a value (a status), a record of another entity is found by match or created, and its id stored in linkInto.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "EffectRule".
 */
export interface EffectRule {
  /**
   * field → value reached (by an add or an edit)
   */
  on: {
    [k: string]: string;
  };
  upsert: {
    entity: string;
    /**
     * target field → this record's field; an existing target with equal values is linked instead of creating one
     */
    match: {
      [k: string]: FieldName;
    };
    /**
     * target field → this record's field, copied into a created target
     */
    set?: {
      [k: string]: FieldName;
    };
    /**
     * target field → a fixed value for a created target
     */
    defaults?: {
      [k: string]: string | number | boolean | null;
    };
    linkInto: FieldName;
  };
}
/**
 * Keeps a status field of a referenced record in step with this entity's rows that point at it: the first case that any of those rows meets gives the value, otherwise the default (a donation's 开票状态 from its invoices).
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "DerivedRule".
 */
export interface DerivedRule {
  /**
   * entity code of the record that holds the status
   */
  target: string;
  via: FieldName;
  into: FieldName;
  /**
   * @minItems 1
   */
  cases: DerivedCase[];
  /**
   * the value when no row meets any case (or there are no rows)
   */
  otherwise: string;
}
export interface DerivedCase {
  value: string;
  when: Condition;
}
/**
 * A stored record meeting `when` is refused edit and delete with `message` (a released announcement); status moves and the document's own operations still apply to it.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "LockRule".
 */
export interface LockRule {
  when: Condition;
  message: string;
}
/**
 * `field` compared with another field of the record (`other`) or else a fixed `value` must hold, else `message`; skipped while either side is empty, or while the record does not meet `when`.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "CompareRule".
 */
export interface CompareRule {
  field: FieldName;
  op: '$gt' | '$gte' | '$lt' | '$lte' | '$eq' | '$ne';
  other?: FieldName;
  value?: string | number;
  when?: Condition;
  message: string;
}
/**
 * An approval process owns the status while it runs: moving the status to `running` (a transition step, or a new record created in it) starts the process; only the process's end moves it on, to the status its result names.
 *
 * This interface was referenced by `EntityDef`'s JSON-Schema
 * via the `definition` "WorkflowRule".
 */
export interface WorkflowRule {
  /**
   * the key of the deployed process (its latest version starts)
   */
  process: string;
  field: FieldName;
  /**
   * the status while the process runs
   */
  running: string;
  title?: FieldName;
  comment?: FieldName;
  results: {
    approved: string;
    rejected: string;
    /**
     * the status a withdrawn application returns to
     */
    withdrawn?: string;
  };
}
/**
 * The list screen: columns, query items (spec section 3), toolbar and row actions tied to button permissions.
 */
export interface ListDef {
  /**
   * @minItems 1
   */
  columns: ColumnDef[];
  query?: QueryItem[];
  /**
   * Items: This interface was referenced by `ListDef`'s JSON-Schema
   * via the `definition` "ActionKey".
   */
  toolbar?: ('add' | 'edit' | 'detail' | 'delete' | 'batchDelete' | 'export' | 'import' | 'recycle' | 'getUrl')[];
  /**
   * Items: This interface was referenced by `ListDef`'s JSON-Schema
   * via the `definition` "ActionKey".
   */
  rowActions?: ('add' | 'edit' | 'detail' | 'delete' | 'batchDelete' | 'export' | 'import' | 'recycle' | 'getUrl')[];
  defaultSort?: {
    column: FieldName;
    order: 'asc' | 'desc';
  };
  formContainer?: 'modal' | 'drawer';
  formWidth?: number;
  rowSelection?: boolean;
  /**
   * card: the page's records as a grid of cards (卡片列表) instead of table rows; same query bar, toolbar, paging and row actions
   */
  view?: 'table' | 'card';
  /**
   * what a card of the card view shows: its title field, an optional picture field, then fields as label and value
   */
  card?: {
    title: FieldName;
    avatar?: FieldName;
    fields?: FieldName[];
  };
  /**
   * show the rows as a tree by this parent-id field (menus, departments): up to 1000 matching rows load at once; a row whose parent is not among them is a root
   */
  tree?: {
    parentField: FieldName;
  };
  /**
   * row buttons calling a server operation registered in code for this document (POST /{area}/{entity}/operation/{key}?id=), or opening a page (link), each behind the button permission {prefix}:{key}
   */
  operations?: OperationDef[];
  /**
   * toolbar buttons opening a page of the client (the designer on a blank form), each behind the button permission {prefix}:{key}
   */
  links?: LinkDef[];
  /**
   * toolbar buttons calling a route of the API without a body (刷新缓存), each behind the button permission {prefix}:{key}; the server's message is shown, a failure as a warning
   */
  calls?: CallDef[];
}
/**
 * This interface was referenced by `ListDef`'s JSON-Schema
 * via the `definition` "ColumnDef".
 */
export interface ColumnDef {
  dataIndex: FieldName;
  title?: string;
  width?: number;
  sorter?: boolean;
  /**
   * render the value as the text of this dictionary's item
   */
  dict?: string;
  /**
   * characters shown before the rest is cut (default 25)
   */
  ellipsis?: number;
  render?: 'money' | 'date' | 'image' | 'file' | 'tag' | 'switch';
  fixed?: 'left' | 'right';
  /**
   * hidden until switched on in the column settings
   */
  hidden?: boolean;
}
/**
 * This interface was referenced by `ListDef`'s JSON-Schema
 * via the `definition` "QueryItem".
 */
export interface QueryItem {
  field: FieldName;
  label: string;
  view?:
    | 'text'
    | 'number'
    | 'date'
    | 'datetime'
    | 'list'
    | 'radio'
    | 'checkbox'
    | 'list_multi'
    | 'sel_tree'
    | 'cat_tree'
    | 'sel_search'
    | 'sel_user'
    | 'sel_depart'
    | 'popup'
    | 'pca';
  /**
   * group: a range queried as {field}_begin and {field}_end
   */
  mode?: 'single' | 'group';
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  dict?: string;
  pidField?: string;
  pidValue?: string;
  hasChildField?: string;
  pcode?: string;
  config?: string;
  /**
   * '1': shown only when the query bar is expanded
   */
  hidden?: '0' | '1';
}
/**
 * This interface was referenced by `ListDef`'s JSON-Schema
 * via the `definition` "OperationDef".
 */
export interface OperationDef {
  key: string;
  label: string;
  /**
   * asked before the call
   */
  confirm?: string;
  when?: Condition2;
  /**
   * opens this route of the client instead of calling the server; {field} is replaced by the row's value
   */
  link?: string;
  form?: FormDef;
}
/**
 * The declarative condition grammar shared by list queries, linkage and server rules: { "$and": [ { "status": { "$eq": "1" } } ] }. Interpreted, never evaluated as code.
 */
export interface Condition2 {
  /**
   * @minItems 1
   */
  $and?: Condition[];
  /**
   * @minItems 1
   */
  $or?: Condition[];
  $not?: Condition;
  [k: string]: Comparison | Condition[] | Condition | undefined;
}
/**
 * asked before the call: a form whose values (starting from the row's own values of the same names) go in the request body; the server's operation checks them
 */
export interface FormDef {
  list: WidgetItem[];
  config: FormConfig;
}
/**
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "WidgetItem".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "WidgetItem".
 */
export interface WidgetItem {
  /**
   * This interface was referenced by `FormDef`'s JSON-Schema
   * via the `definition` "WidgetType".
   *
   * This interface was referenced by `FormDef1`'s JSON-Schema
   * via the `definition` "WidgetType".
   */
  type:
    | 'input'
    | 'textarea'
    | 'password'
    | 'number'
    | 'integer'
    | 'select'
    | 'checkbox'
    | 'radio'
    | 'date'
    | 'datetime'
    | 'time'
    | 'rate'
    | 'slider'
    | 'switch'
    | 'uploadFile'
    | 'uploadImg'
    | 'cascader'
    | 'pca'
    | 'treeSelect'
    | 'categoryTree'
    | 'selectSearch'
    | 'popup'
    | 'user'
    | 'dept'
    | 'editor'
    | 'markdown'
    | 'hidden'
    | 'download'
    | 'text'
    | 'html'
    | 'button'
    | 'alert'
    | 'divider'
    | 'grid'
    | 'card'
    | 'steps'
    | 'table'
    | 'batch'
    | 'linkDown'
    | 'permissionTree';
  key: string;
  label?: string;
  icon?: string;
  model?: FieldName;
  rules?: Rule[];
  options?: WidgetOptions;
  /**
   * card contents; batch child widgets
   */
  list?: WidgetItem[];
  columns?: GridColumn[];
  trs?: TableRow[];
}
/**
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "Rule".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "Rule".
 */
export interface Rule {
  required?: boolean;
  message?: string;
  pattern?: string;
}
/**
 * Options by type (spec section 3, 'Widget options by type'); unknown keys are kept so newer designers' options survive a round trip.
 *
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "WidgetOptions".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "WidgetOptions".
 */
export interface WidgetOptions {
  width?: string;
  departField?: FieldName;
  defaultValue?: unknown;
  placeholder?: string;
  hidden?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  clearable?: boolean;
  maxLength?: number | null;
  type?: string;
  isCc?: boolean;
  minRows?: number;
  maxRows?: number;
  min?: number | null;
  max?: number | null;
  precision?: number | null;
  step?: number;
  integer?: boolean;
  multiple?: boolean;
  showSearch?: boolean;
  dynamic?: 'static' | 'dict' | 'distal';
  dynamicKey?: string;
  options?: OptionItem[];
  distal?: {
    tableName?: string;
    value?: string;
    label?: string;
  };
  treeCheckable?: boolean;
  range?: boolean;
  showTime?: boolean;
  format?: string;
  rangeDefaultValue?: unknown[];
  rangePlaceholder?: string[];
  disabledDate?: 'none' | 'all' | 'formerly' | 'custom';
  /**
   * for custom: dates outside [start, end] are disabled
   *
   * @maxItems 2
   */
  disabledDateRange?: string[];
  allowHalf?: boolean;
  showInput?: boolean;
  limit?: number;
  listType?: 'text' | 'picture' | 'picture-card';
  fileName?: string;
  data?: string;
  headers?: {};
  action?: string;
  downloadWay?: 'a' | 'ajax' | 'dynamic';
  dynamicFun?: string;
  drag?: boolean;
  onlineFormCode?: string;
  scrollY?: number;
  showLabel?: boolean;
  hideSequence?: boolean;
  height?: number;
  chinesization?: boolean;
  activeValue?: string | number | boolean;
  inactiveValue?: string | number | boolean;
  handle?: 'submit' | 'reset' | 'dynamic';
  description?: string;
  showIcon?: boolean;
  banner?: boolean;
  closable?: boolean;
  textAlign?: 'left' | 'center' | 'right';
  showRequiredMark?: boolean;
  orientation?: 'left' | 'center' | 'right';
  gutter?: number;
  bordered?: boolean;
  bright?: boolean;
  small?: boolean;
  customStyle?: string;
  popupCode?: string;
  orgFields?: string;
  /**
   * popup: comma list of the form fields receiving the popup's orgFields
   */
  destFields?: string;
  /**
   * popup: popups of one group share their report calls for 30 s
   */
  groupId?: string;
  /**
   * linkDown: a tree table declared as a dictSource with a pid
   */
  linkTable?: string;
  linkTxt?: string;
  linkKey?: string;
  linkIdField?: string;
  linkPidField?: string;
  /**
   * linkDown: comma list of the form fields holding the following levels
   */
  linkFields?: string;
  dictTable?: string;
  dictText?: string;
  dictCode?: string;
  /**
   * selectSearch: the table dictionary follows another field of the form (跳转类型 资讯 → articles, 活动 → activities); a value of that field without a dictionary makes a plain text input (a URL), and changing it clears the choice
   */
  dictByField?: {
    field: FieldName;
    dicts: {
      [k: string]: string;
    };
    textPlaceholder?: string;
  };
  condition?: string;
  pcode?: string;
  areaType?: 'cascader' | 'select';
}
/**
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "Option".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "Option".
 */
export interface OptionItem {
  value: string | number | boolean;
  label?: string;
  children?: OptionItem[];
}
/**
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "GridColumn".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "GridColumn".
 */
export interface GridColumn {
  span: number;
  list: WidgetItem[];
}
/**
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "TableRow".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "TableRow".
 */
export interface TableRow {
  tds: TableCell[];
}
/**
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "TableCell".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "TableCell".
 */
export interface TableCell {
  colspan?: number;
  rowspan?: number;
  list: WidgetItem[];
}
/**
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "FormConfig".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "FormConfig".
 */
export interface FormConfig {
  layout?: 'horizontal' | 'vertical' | 'inline';
  labelCol?: {
    span?: number;
  };
  wrapperCol?: {
    span?: number;
  };
  labelWidth?: number;
  hideRequiredMark?: boolean;
  customStyle?: string;
  isPrint?: boolean;
  onlineFormCode?: string;
  cclist?: FieldName[];
  linkage?: Linkage[];
}
/**
 * Show, hide, require, disable or recompute one field from others, declared as data.
 *
 * This interface was referenced by `FormDef`'s JSON-Schema
 * via the `definition` "Linkage".
 *
 * This interface was referenced by `FormDef1`'s JSON-Schema
 * via the `definition` "Linkage".
 */
export interface Linkage {
  target: FieldName;
  when?: Condition;
  effect: 'show' | 'hide' | 'require' | 'disable' | 'set';
  value?: Expression;
}
/**
 * This interface was referenced by `ListDef`'s JSON-Schema
 * via the `definition` "LinkDef".
 */
export interface LinkDef {
  key: string;
  label: string;
  /**
   * a route of this client
   */
  to: string;
}
/**
 * This interface was referenced by `ListDef`'s JSON-Schema
 * via the `definition` "CallDef".
 */
export interface CallDef {
  key: string;
  label: string;
  /**
   * a route of the API (under its base), which checks its own permission
   */
  path: string;
  method?: 'GET' | 'POST';
  /**
   * shown as a warning when the call fails (the server's message otherwise)
   */
  failMessage?: string;
  /**
   * what the client does once the call succeeds: reload its dictionaries (no new sign-in needed) or the list
   */
  after?: 'reloadDictionaries' | 'reloadList';
}
/**
 * The form designer's own format (spec section 3, 'Designer form definition'): { list, config }. The designer imports and exports it unchanged; the runtime compiles it to a Formily schema.
 */
export interface FormDef1 {
  list: WidgetItem[];
  config: FormConfig;
}
/**
 * The read-only view of one record; by default the form's fields, read-only.
 */
export interface DetailDef {
  columns?: number;
  /**
   * 详情 opens the record as a whole page of its screen (a profile: heading, status, state changes, sections, related lists) instead of a drawer
   */
  page?: boolean;
  title?: FieldName;
  progress?: DetailProgress;
  /**
   * the page has a 操作记录 tab: the record's versions from the data log (who changed which fields, when), for users who may read the data log
   */
  history?: boolean;
  /**
   * two JSON fields shown side by side with the changed keys marked (a change history)
   */
  diff?: {
    before: FieldName;
    after: FieldName;
  };
  fields?: FieldName[];
  /**
   * the detail's fields in titled sections (基本信息, 审核信息 …), each a description grid; fields in no group follow in a last one
   */
  groups?: DetailGroup[];
  /**
   * related lists shown under the record (master-detail): another entity's rows whose field points at this record
   */
  children?: DetailChild[];
}
/**
 * the page shows where the record stands as a steps bar
 */
export interface DetailProgress {
  field: FieldName;
  /**
   * its values in order (default: the dictionary's); a record at a value outside them shows no bar
   *
   * @minItems 2
   */
  steps?: string[];
}
export interface DetailGroup {
  title: string;
  /**
   * @minItems 1
   */
  fields: FieldName[];
}
export interface DetailChild {
  entity: string;
  field: FieldName;
  title: string;
}
/**
 * Totals of the entity's records for a date range, grouped by each dimension in turn. Every field named here must be a declared field or audit column of the entity (the server's allow-list).
 *
 * This interface was referenced by `SchemaDocument`'s JSON-Schema
 * via the `definition` "ReportDef".
 */
export interface ReportDef {
  /**
   * API path /{area}/{entity}/report/{code}
   */
  code: string;
  title: string;
  menu?: MenuDef;
  dateField: FieldName;
  where?: Condition3;
  /**
   * longest range allowed, default 1098 days
   */
  maxDays?: number;
  /**
   * @minItems 1
   */
  dimensions: ReportDimension[];
  /**
   * @minItems 1
   */
  measures: ReportMeasure[];
}
/**
 * The declarative condition grammar shared by list queries, linkage and server rules: { "$and": [ { "status": { "$eq": "1" } } ] }. Interpreted, never evaluated as code.
 */
export interface Condition3 {
  /**
   * @minItems 1
   */
  $and?: Condition[];
  /**
   * @minItems 1
   */
  $or?: Condition[];
  $not?: Condition;
  [k: string]: Comparison | Condition[] | Condition | undefined;
}
export interface ReportDimension {
  key: FieldName;
  label: string;
  field: FieldName;
  /**
   * for date fields: group by this period
   */
  bucket?: 'day' | 'month' | 'year';
  chart?: 'bar' | 'pie' | 'line' | 'none';
  /**
   * the largest groups by the first measure; default all
   */
  limit?: number;
}
export interface ReportMeasure {
  key: FieldName;
  label: string;
  op: 'sum' | 'count' | 'countDistinct' | 'avg';
  field?: FieldName;
  render?: 'money' | 'number';
}
