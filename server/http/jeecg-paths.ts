/*
 * JeecgBoot's clients name our system screens differently: /sys/quartzJob/… is our /system/job/…,
 * /sys/annountCement/… our /system/announcement/… The table below is the one place that says so. A request
 * to /sys/<client name>/<action> that no route of its own serves is rewritten, before routing, to the
 * document's path, so both names reach the same route (generic or the document's own) — one route table,
 * not copies. A route registered at the /sys/ path itself (JeecgBoot-only calls such as /sys/user/queryUserRole)
 * keeps answering there. Records answer under their properties (createTime, orgCode_dictText), which are JeecgBoot's
 * Java names, whichever path the call took (server/engine/wire.ts).
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
