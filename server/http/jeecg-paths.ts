import { jeecgFieldName } from '../../src/core/schema/field-names.ts';

/*
 * JeecgBoot's clients name our system screens differently: /sys/quartzJob/… is our /system/job/…,
 * /sys/annountCement/… our /system/announcement/… The table below is the one place that says so. A request
 * to /sys/<client name>/<action> that no route of its own serves is rewritten, before routing, to the
 * document's path, so both names reach the same route (generic or the document's own) — one route table,
 * not copies. A route registered at the /sys/ path itself (JeecgBoot-only calls such as /sys/user/queryUserRole)
 * keeps answering there.
 */

/** JeecgBoot client name → our document code (area/entity). */
export const JEECG_NAMES: Readonly<Record<string, string>> = {
  user: 'system/user',
  role: 'system/role',
  permission: 'system/permission',
  sysDepart: 'system/depart',
  sysDepartRole: 'system/depart_role',
  quartzJob: 'system/job',
  annountCement: 'system/announcement',
  category: 'system/category',
  position: 'system/position',
  fillRule: 'system/fill_rule',
  checkRule: 'system/check_rule',
  tenant: 'system/tenant',
  dataSource: 'system/data_source',
  dataLog: 'system/data_log',
  log: 'system/log',
};

const SYS_PATH = /^\/sys\/([A-Za-z]+)\/([^?]*)(\?.*)?$/;

export class JeecgPaths {
  /** "METHOD /path" of every route registered without parameters. */
  private readonly own = new Set<string>();
  /** Routes with parameters under /sys/ (/sys/fillRule/executeRuleByCode/:ruleCode), as patterns per method. */
  private readonly ownPatterns: { method: string; pattern: RegExp }[] = [];

  constructor(private readonly apiBase: string) {}

  /** An onRoute hook: remembers the concrete routes (added before the routes are registered). */
  readonly remember = (route: { method: string | string[]; url: string }): void => {
    for (const method of [route.method].flat()) {
      if (!/[:*]/.test(route.url)) this.own.add(`${method} ${route.url}`);
      else if (route.url.startsWith(`${this.apiBase}/sys/`)) {
        const source = route.url
          .split('/')
          .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        this.ownPatterns.push({ method, pattern: new RegExp(`^${source}$`) });
      }
    }
  };

  /** Fastify's rewriteUrl: the document's path for a client name, the URL unchanged otherwise. */
  readonly rewrite = (request: { method?: string; url?: string }): string => {
    const url = request.url ?? '/';
    if (!url.startsWith(`${this.apiBase}/sys/`)) return url;
    const match = SYS_PATH.exec(url.slice(this.apiBase.length));
    const code = match && Object.hasOwn(JEECG_NAMES, match[1]) ? JEECG_NAMES[match[1]] : undefined;
    if (!match || !code) return url;
    const path = url.split('?')[0];
    const method = request.method === 'HEAD' ? 'GET' : (request.method ?? 'GET');
    if (this.own.has(`${method} ${path}`) || this.ownPatterns.some((p) => p.method === method && p.pattern.test(path))) return url;
    return `${this.apiBase}/${code}/${match[2]}${match[3] ?? ''}`;
  };
}

/** Gives every snake_case key of the records in `value` (pages, lists, trees) its JeecgBoot twin, in place. */
function addJeecgNames(value: unknown, depth = 0): void {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) addJeecgNames(item, depth + 1);
    return;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    addJeecgNames(record[key], depth + 1);
    if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)+(_dictText)?$/.test(key)) continue;
    const twin = jeecgFieldName(key);
    if (!(twin in record)) record[twin] = record[key];
  }
}

/**
 * A preSerialization hook: JeecgBoot's clients read records by their Java names (roleName, createTime,
 * orgCode_dictText), ours by the columns' (role_name). A call by a JeecgBoot name (rewritten by JeecgPaths) or
 * from JeecgBoot's vue3 client (its X-Version header; it also reads our /sys/dict at our own path) answers both,
 * each snake_case key beside its camelCase twin.
 */
export async function withJeecgNames(
  request: { url: string; originalUrl: string; headers: Record<string, unknown> },
  _reply: unknown,
  payload: unknown,
): Promise<unknown> {
  const jeecg = request.originalUrl !== request.url || request.headers['x-version'] !== undefined;
  if (jeecg && payload && typeof payload === 'object' && 'result' in payload) addJeecgNames((payload as { result: unknown }).result);
  return payload;
}
