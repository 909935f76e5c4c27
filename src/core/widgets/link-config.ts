/*
 * The linked dropdown's settings (spec section 3, "Linked dropdown config"; section 7 querySelectOptions),
 * free of any network code so the server's document checks share them: level 1 is asked with the
 * condition, each later level with pidValue, the id of the option chosen one level up. An option's
 * `store` is what the form keeps; its `id` is what the next level is asked with.
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
export const levelFields = (own: string, linkFields?: string): string[] => [
  own,
  ...(linkFields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean),
];

/** The request parameters of one level: the condition for the first, pidValue for the others. */
export function levelParams(s: LinkSource, pidValue?: string): Record<string, string> {
  const base: Record<string, string> = { table: s.table!, txt: s.txt!, key: s.linkKey!, idField: s.idField || 'id', pidField: s.pidField! };
  if (pidValue !== undefined) return { ...base, pidValue };
  return s.condition ? { ...base, condition: s.condition } : base;
}
