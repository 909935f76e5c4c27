import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { widgets } from '../../../src/core/schema/walk.ts';
import { LINK_CONFIG_MESSAGE, levelFields } from '../../../src/core/widgets/link-config.ts';
import { popupConfigError } from '../../../src/core/widgets/popup-config.ts';

/*
 * Form widgets whose settings name other things: a popup's destination fields and a linked dropdown's
 * levels must be fields of the document, and a linked dropdown's table must be declared as a tree
 * dictionary source (the same allow-list querySelectOptions enforces at run time). A document that gets
 * these wrong is refused when it loads, with the spec's popup messages where they apply.
 */
const list = (text?: string) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function widgetProblems(doc: SchemaDocument, docs: Iterable<SchemaDocument>): string[] {
  const problems: string[] = [];
  const fields = new Set(doc.entity.fields.map((f) => f.name));
  for (const item of widgets(doc.form?.list)) {
    const o = item.options ?? {};
    if (item.type === 'popup') {
      const error = popupConfigError(o.popupCode, o.orgFields, o.destFields);
      if (error) problems.push(`控件 ${item.key}: ${error}`);
      else for (const dest of list(o.destFields)) if (!fields.has(dest)) problems.push(`控件 ${item.key} 的 destFields 引用了未知字段 ${dest}`);
    }
    if (item.type === 'linkDown') {
      if (!o.linkTable || !o.linkTxt || !o.linkKey || !o.linkPidField) {
        problems.push(`控件 ${item.key}: ${LINK_CONFIG_MESSAGE}`);
        continue;
      }
      for (const name of levelFields(item.model ?? '', o.linkFields).slice(1))
        if (!fields.has(name)) problems.push(`控件 ${item.key} 的 linkFields 引用了未知字段 ${name}`);
      const source = [...docs].find((d) => d.entity.table === o.linkTable)?.entity.dictSource;
      const idOk = !o.linkIdField || o.linkIdField === 'id' || source?.code.includes(o.linkIdField);
      if (!source || source.pid !== o.linkPidField || !source.text.includes(o.linkTxt) || !source.code.includes(o.linkKey) || !idOk) {
        problems.push(`控件 ${item.key} 的联动表 ${o.linkTable} 未声明为带 pid ${o.linkPidField} 的字典来源，或字段未授权`);
      }
    }
  }
  return problems;
}
