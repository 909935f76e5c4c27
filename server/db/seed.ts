import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { generatePassword, hashPassword } from '../auth/password.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';
import { seedPlanRow } from './seed-steps.ts';
import type { DB } from './schema.ts';
import { SYSTEM_DICTIONARIES } from './seed-dictionaries.ts';
import { seedAnnouncements } from '../services/announcements-seed.ts';
import { ADMIN_ROLE, GUEST_ROLE } from '../auth/roles.ts';

export const SEEDED_KEY = 'seeded_at';
/** pg_advisory_xact_lock key held while seeding (any fixed number unused elsewhere). */
const SEED_LOCK = 7_345_001;

export interface SeedOutcome {
  seeded: boolean;
  /** Set only when the password was generated on this start; printed once and written to the data dir. */
  generatedAdminPassword?: string;
}

const DEPARTMENTS = [
  { code: 'A01', name: '希望工程基金会', parent: null, category: '1' },
  { code: 'A01A01', name: '办公室', parent: 'A01', category: '2' },
  { code: 'A01A02', name: '募捐部', parent: 'A01', category: '2' },
  { code: 'A01A03', name: '项目部', parent: 'A01', category: '2' },
  { code: 'A01A04', name: '财务部', parent: 'A01', category: '2' },
  { code: 'A01A05', name: '资助部', parent: 'A01', category: '2' },
];

const ROLES = [
  { code: ADMIN_ROLE, name: '管理员', description: '拥有全部权限' },
  { code: GUEST_ROLE, name: '访客', description: '只读访问' },
  { code: 'fundraiser', name: '募捐专员', description: '捐赠活动、团队与记录' },
  { code: 'project_officer', name: '项目专员', description: '项目申请、拨付与反馈' },
  { code: 'finance', name: '财务专员', description: '发票与资金台账' },
];

/** Demo staff, one per business role; they share the admin's initial password (demo data only). */
export const DEMO_STAFF = [
  { username: 'zhangwei', realname: '张伟', roles: ['fundraiser'], departs: ['A01A02'], org: 'A01A02', sex: 1, phone: '13800000001' },
  { username: 'lina', realname: '李娜', roles: ['project_officer'], departs: ['A01A03'], org: 'A01A03', sex: 2, phone: '13800000002' },
  { username: 'wangfang', realname: '王芳', roles: ['finance'], departs: ['A01A04', 'A01A05'], org: 'A01A04', sex: 2, phone: '13800000003' },
];

const EVERYONE = [ADMIN_ROLE, GUEST_ROLE, 'fundraiser', 'project_officer', 'finance'];
const STAFF = [ADMIN_ROLE, 'fundraiser', 'project_officer', 'finance'];

export interface SeedMenu {
  url: string;
  name: string;
  component?: string;
  icon?: string;
  sort: number;
  roles: string[];
  /** The url of the parent entry, listed earlier. */
  parent?: string;
  /** 0 menu (default), 1 sub-menu, 2 button with `perms`. */
  menuType?: number;
  perms?: string;
  hidden?: boolean;
  keepAlive?: boolean;
}

/** Menus every deployment has; business and system screens add theirs from schemas/. */
export const MONITOR_MENUS: SeedMenu[] = [
  { url: '/monitor', name: '系统监控', component: 'layouts/RouteView', icon: 'dashboard', sort: 95, roles: [ADMIN_ROLE] },
  { url: '/monitor/index', name: '监控中心', component: 'monitor/Index', icon: 'line-chart', sort: 1, roles: [ADMIN_ROLE], parent: '/monitor', menuType: 1 },
  { url: '/monitor/index#view', name: '查看监控', sort: 1, roles: [ADMIN_ROLE], parent: '/monitor/index', menuType: 2, perms: 'monitor:view' },
];

/**
 * 仪表盘 (issue 19): the dashboards besides 首页 (the top-level /dashboard/analysis, which stays where it is;
 * this container only groups the others, so it is 首页's sibling, sorted right after it).
 */
export const DASHBOARD_MENUS: SeedMenu[] = [
  { url: '/dashboard', name: '仪表盘', component: 'layouts/RouteView', icon: 'dashboard', sort: 1, roles: STAFF },
  { url: '/dashboard/workplace', name: '工作台', component: 'dashboard/Workplace', icon: 'desktop', sort: 1, roles: STAFF, parent: '/dashboard', menuType: 1 },
  { url: '/dashboard/task', name: '任务', component: 'dashboard/Task', icon: 'carry-out', sort: 2, roles: STAFF, parent: '/dashboard', menuType: 1 },
  { url: '/dashboard/chart', name: '图表', component: 'dashboard/Chart', icon: 'pie-chart', sort: 3, roles: STAFF, parent: '/dashboard', menuType: 1 },
  {
    url: '/dashboard/monitor',
    name: '监控',
    component: 'dashboard/Monitor',
    icon: 'line-chart',
    sort: 4,
    roles: [ADMIN_ROLE],
    parent: '/dashboard',
    menuType: 1,
  },
];

const WORKFLOW_ROLES = [ADMIN_ROLE, 'fundraiser', 'project_officer', 'finance'];
export const WORKFLOW_MENUS: SeedMenu[] = [
  { url: '/workflow', name: '流程中心', component: 'layouts/RouteView', icon: 'apartment', sort: 70, roles: WORKFLOW_ROLES },
  {
    url: '/workflow/tasks',
    name: '我的任务',
    component: 'workflow/Tasks',
    icon: 'check-square',
    sort: 1,
    roles: WORKFLOW_ROLES,
    parent: '/workflow',
    menuType: 1,
  },
  {
    url: '/workflow/applications',
    name: '我的申请',
    component: 'workflow/Applications',
    icon: 'send',
    sort: 2,
    roles: WORKFLOW_ROLES,
    parent: '/workflow',
    menuType: 1,
  },
  { url: '/workflow/cc', name: '抄送我的', component: 'workflow/CarbonCopies', icon: 'copy', sort: 3, roles: WORKFLOW_ROLES, parent: '/workflow', menuType: 1 },
  {
    url: '/workflow/entrust',
    name: '任务委托',
    component: 'workflow/Entrusts',
    icon: 'swap',
    sort: 4,
    roles: WORKFLOW_ROLES,
    parent: '/workflow',
    menuType: 1,
  },
  {
    url: '/workflow/design',
    name: '流程设计',
    component: 'workflow/Design',
    icon: 'deployment-unit',
    sort: 5,
    roles: [ADMIN_ROLE],
    parent: '/workflow',
    menuType: 1,
  },
  { url: '/workflow/design#deploy', name: '部署流程', sort: 1, roles: [ADMIN_ROLE], parent: '/workflow/design', menuType: 2, perms: 'workflow:design' },
  {
    url: '/workflow/monitor',
    name: '流程监控',
    component: 'workflow/Monitor',
    icon: 'monitor',
    sort: 6,
    roles: [ADMIN_ROLE],
    parent: '/workflow',
    menuType: 1,
  },
  { url: '/workflow/monitor#manage', name: '管理流程实例', sort: 1, roles: [ADMIN_ROLE], parent: '/workflow/monitor', menuType: 2, perms: 'workflow:monitor' },
];

const MENUS: SeedMenu[] = [
  { url: '/dashboard/analysis', name: '首页', component: 'dashboard/Analysis', icon: 'home', sort: 0, roles: EVERYONE },
  // 仪表盘 (migration 032 adds it to databases seeded before it).
  ...DASHBOARD_MENUS,
  // The guest reaches 我的消息 from the bell (a fixed route); its menu stays the dashboard alone.
  { url: '/isps', name: '消息中心', component: 'layouts/RouteView', icon: 'bell', sort: 80, roles: STAFF },
  { url: '/isps/userAnnouncement', name: '我的消息', component: 'isps/UserAnnouncement', icon: 'mail', sort: 1, roles: STAFF, parent: '/isps', menuType: 1 },
  // 系统通告 is the schema screen schemas/system/announcement.json (menu and buttons from the menu sync).
  { url: '/account', name: '个人页', component: 'layouts/RouteView', icon: 'user', sort: 90, roles: STAFF },
  // 系统监控 (server/routes/monitor.ts; migration 021 adds it to databases seeded before it).
  ...MONITOR_MENUS,
  // 流程中心 (server/workflow; migration 025 adds it to databases seeded before it).
  ...WORKFLOW_MENUS,
  { url: '/account/center', name: '个人中心', component: 'account/center/Index', icon: 'idcard', sort: 1, roles: STAFF, parent: '/account', menuType: 1 },
  // Kept alive: a half-edited profile survives a look at another tab.
  {
    url: '/account/settings',
    name: '个人设置',
    component: 'account/settings/Index',
    icon: 'setting',
    sort: 2,
    roles: STAFF,
    parent: '/account',
    menuType: 1,
    keepAlive: true,
  },
];

/**
 * Menu entries and their grants, parents listed before their children: the seed's whole menu, and the
 * entries a later migration adds to databases seeded before them. Roles missing from `roleIds` are skipped.
 */
export async function insertMenus(db: Kysely<any>, menus: SeedMenu[], roleIds: Map<string, string>, now: string): Promise<void> {
  const menuIds = new Map<string, string>();
  for (const m of menus) {
    const id = newId();
    menuIds.set(m.url, id);
    const button = m.menuType === 2;
    await db
      .insertInto('sys_permission')
      .values({
        id,
        parent_id: m.parent ? menuIds.get(m.parent)! : null,
        name: m.name,
        url: button ? null : m.url,
        component: m.component ?? null,
        component_name: null,
        redirect: null,
        menu_type: m.menuType ?? 0,
        perms: m.perms ?? null,
        perms_type: '1',
        sort_no: m.sort,
        always_show: false,
        icon: m.icon ?? null,
        is_route: !button,
        is_leaf: !menus.some((c) => c.parent === m.url),
        keep_alive: m.keepAlive ?? false,
        hidden: m.hidden ?? false,
        internal_or_external: false,
        description: null,
        status: '1',
        del_flag: 0,
        create_by: 'admin',
        create_time: now,
        update_by: null,
        update_time: null,
      })
      .execute();
    for (const role of m.roles) {
      const roleId = roleIds.get(role);
      if (roleId) await db.insertInto('sys_role_permission').values({ id: newId(), role_id: roleId, permission_id: id, data_rule_ids: null }).execute();
    }
  }
}

/** The role ids by code, for a migration adding menu entries. */
export const roleIdsOf = async (db: Kysely<any>): Promise<Map<string, string>> =>
  new Map((await db.selectFrom('sys_role').select(['id', 'role_code']).execute()).map((r) => [String(r.role_code), String(r.id)]));

async function seedDictionaries(db: Kysely<DB>, now: string) {
  for (const dict of SYSTEM_DICTIONARIES) {
    const dictId = newId();
    await db
      .insertInto('sys_dict')
      .values({
        id: dictId,
        dict_name: dict.name,
        dict_code: dict.code,
        description: dict.description ?? null,
        del_flag: 0,
        type: 0,
        tenant_id: 0,
        create_by: 'admin',
        create_time: now,
        update_by: null,
        update_time: null,
      })
      .execute();
    await db
      .insertInto('sys_dict_item')
      .values(
        dict.items.map(([value, text, color], i) => ({
          id: newId(),
          dict_id: dictId,
          item_value: value,
          item_text: text,
          item_color: color ?? null,
          description: null,
          sort_order: i + 1,
          status: 1,
          create_by: 'admin',
          create_time: now,
          update_by: null,
          update_time: null,
        })),
      )
      .execute();
  }
}

/** Demo data for a new install: runs once, on the first start, inside one transaction. */
export async function seedOnFirstStart(db: Kysely<DB>, opts: { dataDir: string; adminPassword?: string; plan?: string[] }): Promise<SeedOutcome> {
  const done = await db.selectFrom('sys_meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (done) return { seeded: false };
  const generated = opts.adminPassword ? undefined : generatePassword();
  const adminHash = await hashPassword(opts.adminPassword ?? generated!);
  // The guest never signs in with a password (guest login has its own call), so it gets an unguessable one.
  const guestHash = await hashPassword(generatePassword() + generatePassword());
  const now = nowText();
  const audit = { create_by: 'admin', create_time: now, update_by: null, update_time: null };

  const seeded = await db.transaction().execute(async (trx) => {
    // Several server processes may start together on a new database: the lock lets one seed and the
    // others, once it has committed, see that it is done (instead of failing on duplicate keys).
    await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK)})`.execute(trx);
    if (await trx.selectFrom('sys_meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst()) return false;
    await trx.insertInto('sys_tenant').values({ id: 1, name: '希望工程总部', status: 1, create_time: now }).execute();

    const departIds = new Map<string, string>();
    for (const [i, d] of DEPARTMENTS.entries()) {
      const id = newId();
      departIds.set(d.code, id);
      await trx
        .insertInto('sys_depart')
        .values({
          id,
          parent_id: d.parent ? departIds.get(d.parent)! : null,
          depart_name: d.name,
          org_code: d.code,
          org_category: d.category,
          depart_order: i,
          description: null,
          status: '1',
          del_flag: 0,
          tenant_id: 1,
          ...audit,
        })
        .execute();
    }

    const roleIds = new Map<string, string>();
    for (const r of ROLES) {
      const id = newId();
      roleIds.set(r.code, id);
      await trx
        .insertInto('sys_role')
        .values({ id, role_code: r.code, role_name: r.name, description: r.description, tenant_id: 1, ...audit })
        .execute();
    }

    const users = [
      { username: 'admin', realname: '管理员', password: adminHash, roles: [ADMIN_ROLE], departs: ['A01', 'A01A01'], org: 'A01', sex: 1 },
      { username: 'guest', realname: '访客', password: guestHash, roles: [GUEST_ROLE], departs: [] as string[], org: null, sex: null },
      ...DEMO_STAFF.map((s) => ({ ...s, password: adminHash })),
    ];
    const userIds = new Map<string, string>();
    for (const u of users) {
      const id = newId();
      userIds.set(u.username, id);
      await trx
        .insertInto('sys_user')
        .values({
          id,
          username: u.username,
          realname: u.realname,
          password: u.password,
          avatar: null,
          birthday: null,
          sex: u.sex,
          email: null,
          phone: 'phone' in u ? u.phone : null,
          org_code: u.org,
          status: 1,
          del_flag: 0,
          work_no: null,
          post: null,
          tenant_id: 1,
          ...audit,
        })
        .execute();
      for (const role of u.roles)
        await trx
          .insertInto('sys_user_role')
          .values({ id: newId(), user_id: id, role_id: roleIds.get(role)! })
          .execute();
      for (const code of u.departs)
        await trx
          .insertInto('sys_user_depart')
          .values({ id: newId(), user_id: id, dep_id: departIds.get(code)! })
          .execute();
      await trx.insertInto('sys_user_tenant').values({ user_id: id, tenant_id: 1 }).execute();
    }

    await insertMenus(trx, MENUS, roleIds, now);

    await seedDictionaries(trx, now);
    await seedAnnouncements(trx, now, userIds);
    await trx.insertInto('sys_meta').values({ key: SEEDED_KEY, value: now }).execute();
    // The steps after the accounts (server/db/seed-steps.ts), planned with them.
    if (opts.plan) await trx.insertInto('sys_meta').values(seedPlanRow(opts.plan)).execute();
    return true;
  });
  if (!seeded) return { seeded: false };

  if (generated) writeFileSync(resolve(opts.dataDir, 'initial-admin-password.txt'), `${generated}\n`, { mode: 0o600 });
  return { seeded: true, generatedAdminPassword: generated };
}
