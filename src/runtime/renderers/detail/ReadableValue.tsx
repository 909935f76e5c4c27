import { type ReactNode, useEffect, useState } from 'react';
import type { DictOption } from '../../../core/api-types.ts';
import type { FieldDef, WidgetItem } from '../../../core/schema/types.generated.ts';
import { loadNames } from '../../../widgets/category-tree/categories.ts';
import { loadDepartTree, namesById } from '../../../widgets/dept/departs.ts';
import { splitValue } from '../../../widgets/dept/selection.ts';
import { sanitizeHtml } from '../../../widgets/html/sanitize.ts';
import { sourceDictCode } from '../../../widgets/options-source/useOptionsSource.ts';
import { loadAreas, pathOf, type Area } from '../../../widgets/pca/areas.ts';
import { loadPermissionTree, type PermissionNode } from '../../../widgets/permission-tree/tree.ts';
import { fileUrl, pathsOf } from '../../../widgets/upload/files.ts';
import { realnamesOf } from '../../../widgets/user/users.ts';
import { runtimeConfig } from '../../config.ts';
import { loadDictOptions } from '../../dict/dictionaries.ts';
import { formatMoney } from '../../helpers/format.ts';
import type { DataRecord } from '../../schema/api.ts';

/*
 * One field of a detail as a person reads it: the server's {field}_dictText when it gave one, else the
 * text the field's form widget shows for the stored value (a dictionary or table option's label, a
 * region's 省/市/区, people's, departments', categories' and permissions' names, 是/否 of a switch),
 * pictures as thumbnails, files as links and rich text formatted. Never the stored code when a name
 * can be found; a value nobody can name (a deleted account) stays as stored.
 */

const SEPARATOR = '、';
/** What an empty value shows, so a blank cell is not mistaken for one still loading. */
export const EMPTY = '-';

/** Items of a stored value: a comma list, or the array a virtual field carries (a user's roles). */
const itemsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String).filter(Boolean) : splitValue(value));

const named = (items: string[], names: Map<string, string>) => items.map((v) => names.get(v) || v).join(SEPARATOR);

/** A search select's table dictionary; with dictByField, the one the record's type field picks (none for a URL). */
function searchDictOf(widget: WidgetItem, record: DataRecord): string | undefined {
  const o = widget.options ?? {};
  if (o.dictByField) return o.dictByField.dicts[String(record[o.dictByField.field] ?? '')];
  return o.dictTable && o.dictText && o.dictCode ? `${o.dictTable},${o.dictText},${o.dictCode}` : undefined;
}

const fromOptions = (options: readonly DictOption[]) => new Map(options.map((o) => [String(o.value), o.text]));

function regionNames(areas: Area[], code: string): string {
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

/**
 * Granted permissions as a person reads them: each granted page with its granted buttons in brackets
 * (捐赠记录（新增、编辑、删除）); a bare 详情 or 导出 would not say of what.
 */
function grantedPages(nodes: PermissionNode[], granted: Set<string>): string[] {
  return nodes.flatMap((n) => {
    const buttons = (n.children ?? []).filter((c) => c.kind === 2 && granted.has(c.key)).map((c) => c.title);
    const own = granted.has(n.key) || buttons.length ? [`${n.title}${buttons.length ? `（${buttons.join('、')}）` : ''}`] : [];
    return [...own, ...grantedPages((n.children ?? []).filter((c) => c.kind !== 2), granted)];
  });
}

/** How a value turns into text when the server gave none: a lookup of its items, or undefined for plain text. */
function lookupOf(field: FieldDef, widget: WidgetItem | undefined, record: DataRecord): ((items: string[]) => Promise<string>) | undefined {
  const type = widget?.type;
  const code = widget ? (type === 'selectSearch' ? searchDictOf(widget, record) : sourceDictCode(widget.options)) : undefined;
  if (type === 'user') return async (items) => named(items, await realnamesOf(items));
  if (type === 'dept') return async (items) => named(items, namesById(await loadDepartTree()));
  if (type === 'pca') return async (items) => (await loadAreas().then((areas) => items.map((c) => regionNames(areas, c)))).join(SEPARATOR);
  if (type === 'categoryTree') return async (items) => (await loadNames(items)).join(SEPARATOR) || items.join(SEPARATOR);
  if (type === 'permissionTree') return async (items) => grantedPages(await loadPermissionTree(), new Set(items)).join(SEPARATOR);
  if (code) return async (items) => named(items, fromOptions(await loadDictOptions(code)));
  if ((type === 'select' || type === 'radio' || type === 'checkbox') && widget?.options?.options?.length) {
    const labels = new Map(widget.options.options.map((o) => [String(o.value), o.label ?? String(o.value)]));
    return async (items) => named(items, labels);
  }
  if (type === 'switch') {
    const on = String(widget?.options?.activeValue ?? 'Y');
    return async (items) => items.map((v) => (v === on || v === 'true' ? '是' : '否')).join(SEPARATOR);
  }
  if (field.dict) return async (items) => named(items, fromOptions(await loadDictOptions(field.dict!)));
  return undefined;
}

function LookedUp({ items, lookup }: { items: string[]; lookup: (items: string[]) => Promise<string> }) {
  const [text, setText] = useState<string | null>(null);
  const key = items.join(',');
  useEffect(() => {
    let live = true;
    lookup(items).then(
      (t) => live && setText(t),
      () => live && setText(items.join(SEPARATOR)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return <span className={text === null ? 'detail-loading' : undefined}>{text ?? ''}</span>;
}

/** Whether a field takes a whole row of the grid: long text, rich text, pictures, files, permission trees. */
export function isWide(field: FieldDef, widget: WidgetItem | undefined): boolean {
  return field.type === 'text' || field.sanitize === 'html' || ['textarea', 'editor', 'markdown', 'uploadImg', 'uploadFile', 'permissionTree'].includes(widget?.type ?? '');
}

export function ReadableValue({ field, widget, record }: { field: FieldDef; widget?: WidgetItem; record: DataRecord }): ReactNode {
  const raw = record[field.name];
  const serverText = record[`${field.name}_dictText`];
  if (serverText !== undefined && serverText !== null && serverText !== '') return String(serverText);
  if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && !raw.length)) return EMPTY;
  const staticDomain = runtimeConfig().staticDomainURL;
  if (widget?.type === 'uploadImg') {
    return (
      <span className="detail-images">
        {pathsOf(raw).map((p) => (
          <a key={p} href={fileUrl(p, staticDomain)} target="_blank" rel="noreferrer">
            <img className="cell-image" src={fileUrl(p, staticDomain)} alt={field.label} title={p} />
          </a>
        ))}
      </span>
    );
  }
  if (widget?.type === 'uploadFile') {
    return (
      <span className="detail-files">
        {pathsOf(raw).map((p) => (
          <a key={p} href={fileUrl(p, staticDomain)} target="_blank" rel="noreferrer">
            {p.split('/').pop()}
          </a>
        ))}
      </span>
    );
  }
  // Rich text is cleaned again by the html widget's allow-list (rows written by server code skip the input sanitiser).
  if ((field.sanitize === 'html' || widget?.type === 'editor') && typeof raw === 'string') return <div className="detail-rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(raw) }} />;
  const lookup = lookupOf(field, widget, record);
  // A role's permissions can be a hundred names: they scroll inside their cell.
  if (lookup && widget?.type === 'permissionTree') return <div className="detail-long-list"><LookedUp items={itemsOf(raw)} lookup={lookup} /></div>;
  if (lookup) return <LookedUp items={itemsOf(raw)} lookup={lookup} />;
  if (field.type === 'decimal') return formatMoney(raw);
  if (Array.isArray(raw)) return raw.join(SEPARATOR);
  if (typeof raw === 'object') return JSON.stringify(raw);
  return String(raw);
}
