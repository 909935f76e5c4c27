import type { DictOption } from '../../core/api-types.ts';
import { http } from '../../runtime/http/client.ts';
import type { QueryItem } from '../../core/schema/types.generated.ts';
import { GroupCache } from './group-cache.ts';

/* The online-report calls of spec section 7, cached per popup group for 30 s. */

export interface ReportColumn {
  dataIndex: string;
  title: string;
  customRender?: string;
}

export interface ReportConfig {
  columns: ReportColumn[];
  dictOptions: Record<string, DictOption[]>;
  cgRpConfigId: string;
  cgRpConfigName: string;
}

export interface ReportPage {
  total: number;
  records: Record<string, unknown>[];
}

const cache = new GroupCache();

/** Drops empty values: the server is never asked with key= (spec section 7). */
export function withoutEmpty(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && String(v).trim() !== '') out[k] = typeof v === 'number' ? v : String(v).trim();
  return out;
}

export const reportApi = {
  columns: (code: string, group?: string) =>
    cache.get(group, `columns:${code}`, async () => (await http.get<ReportConfig>(`/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`)).result),
  queryInfo: (id: string, group?: string) =>
    cache.get(group, `query:${id}`, async () => (await http.get<QueryItem[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`)).result ?? []),
  data: (id: string, params: Record<string, unknown>, group?: string) => {
    const clean = withoutEmpty(params);
    return cache.get(
      group,
      `data:${id}:${JSON.stringify(clean)}`,
      async () => (await http.get<ReportPage>(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, clean)).result,
    );
  },
  /** The refresh link: the group's cached answers are forgotten. */
  refresh: (group?: string) => cache.clear(group),
};
