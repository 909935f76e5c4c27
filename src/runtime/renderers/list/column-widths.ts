import type { ColumnDef, FieldDef, SchemaDocument } from '../../../core/schema/types.generated.ts';

/*
 * Column widths for lists whose document gives none, from what the column holds, so a wide table
 * keeps every column readable and scrolls sideways (with 操作 fixed on the right) instead of squeezing
 * dates and names onto three lines. Also the 操作 column's width, from the links a row can show.
 */

const CHAR = 14;
const PADDING = 32;
const textWidth = (text: string) => [...text].length * CHAR + PADDING;

/** A column's width: its declared width, else one fitting its kind of value and its title. */
export function columnWidth(column: ColumnDef, field: FieldDef | undefined, title: string): number {
  if (column.width) return column.width;
  const byTitle = textWidth(title) + (column.sorter ? 18 : 0);
  const byKind = (() => {
    if (column.render === 'image') return 90;
    if (column.render === 'money' || field?.type === 'decimal') return 120;
    if (column.render === 'tag' || column.dict || field?.dict || field?.ref) return field?.ref ? 160 : 100;
    switch (field?.type) {
      case 'datetime':
        return 170;
      case 'date':
        return 110;
      case 'integer':
      case 'boolean':
        return 90;
      case 'text':
      case 'json':
        return 240;
      default:
        return Math.min(200, Math.max(110, (field?.length ?? 20) * 4));
    }
  })();
  return Math.max(byTitle, byKind);
}

const LINK_GAP = 17;

/** 操作's width: the row actions, the most transition links one status offers, and the operations. */
export function actionColumnWidth(doc: SchemaDocument, rowActions: string[]): number {
  const base = rowActions.map(() => 2);
  const steps = doc.entity.rules?.transitions?.steps.filter((s) => s.label) ?? [];
  const statuses = [...new Set(steps.flatMap((s) => s.from))];
  const stepChars = statuses.map((st) => steps.filter((s) => s.from.includes(st)).map((s) => [...s.label!].length));
  const widest = stepChars.reduce((a, b) => (b.reduce((x, y) => x + y, 0) > a.reduce((x, y) => x + y, 0) ? b : a), [] as number[]);
  // Operations with a condition usually exclude one another (冻结 / 解冻): count the longest of them once.
  const ops = doc.list?.operations ?? [];
  const always = ops.filter((o) => !o.when).map((o) => [...o.label].length);
  const conditional = ops.filter((o) => o.when).map((o) => [...o.label].length);
  const links = [...base, ...widest, ...always, ...(conditional.length ? [Math.max(...conditional)] : [])];
  return Math.max(80, links.reduce((sum, chars) => sum + chars * CHAR, 0) + (links.length - 1) * LINK_GAP + PADDING);
}
