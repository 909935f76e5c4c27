import { http } from '../../runtime/http/client.ts';

/*
 * The linked dropdown's levels (spec section 3, "Linked dropdown config"; section 7 querySelectOptions):
 * level 1 is asked with the condition, each later level with pidValue, the id of the option chosen one
 * level up. An option's `store` is what the form keeps; its `id` is what the next level is asked with.
 */
export interface LinkOption {
  id: string;
  store: string;
  label: string;
}

export interface LinkSource {
  table?: string;
  txt?: string;
  linkKey?: string;
  idField?: string;
  pidField?: string;
  condition?: string;
}

export const LINK_CONFIG_MESSAGE = '联动下拉框参数未正确配置!';

export const linkConfigError = (s: LinkSource): string | undefined => (s.table && s.txt && s.linkKey && s.pidField ? undefined : LINK_CONFIG_MESSAGE);

/** The form fields of the levels: the widget's own field, then the linked ones. */
export const levelFields = (own: string, linkFields?: string): string[] => [own, ...(linkFields ?? '').split(',').map((f) => f.trim()).filter(Boolean)];

/** The request parameters of one level: the condition for the first, pidValue for the others. */
export function levelParams(s: LinkSource, pidValue?: string): Record<string, string> {
  const base: Record<string, string> = { table: s.table!, txt: s.txt!, key: s.linkKey!, idField: s.idField || 'id', pidField: s.pidField! };
  if (pidValue !== undefined) return { ...base, pidValue };
  return s.condition ? { ...base, condition: s.condition } : base;
}

export async function loadLevel(s: LinkSource, pidValue?: string): Promise<LinkOption[]> {
  return (await http.get<LinkOption[]>('/online/cgform/api/querySelectOptions', levelParams(s, pidValue))).result ?? [];
}

/**
 * The options of every level for stored values (form-data-loaded): level 1, then for each value found
 * among its level's options the next level, stopping at the first value that is empty or unknown.
 */
export async function loadChain(s: LinkSource, values: (string | undefined)[], load = loadLevel): Promise<LinkOption[][]> {
  const levels: LinkOption[][] = [await load(s)];
  for (let i = 0; i < values.length - 1; i++) {
    const chosen = levels[i].find((o) => o.store === values[i]);
    if (!values[i] || !chosen) break;
    levels.push(await load(s, chosen.id));
  }
  return levels;
}
