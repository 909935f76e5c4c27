import { http } from '../../runtime/http/client.ts';
import { type LinkOption, type LinkSource, levelParams } from '../../core/widgets/link-config.ts';

export * from '../../core/widgets/link-config.ts';

/* The linked dropdown's calls: one level of options from querySelectOptions, or the chain for stored values. */
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
