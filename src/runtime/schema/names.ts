import type { SchemaDocument } from '../../core/schema/types.generated.ts';

/**
 * What one record of a document is called, from the document's title: 捐赠记录 stays 捐赠记录, a system
 * screen's 用户管理 becomes 用户 (新增用户, not 新增用户管理).
 */
export function recordName(doc: Pick<SchemaDocument, 'title'>): string {
  const title = doc.title.trim();
  return title.length > 2 && title.endsWith('管理') ? title.slice(0, -2) : title;
}

/** The add / edit dialog's title and the detail drawer's: 新增捐赠记录, 编辑捐赠记录, 捐赠记录详情. */
export const formTitle = (doc: Pick<SchemaDocument, 'title'>, mode: 'add' | 'edit') => `${mode === 'add' ? '新增' : '编辑'}${recordName(doc)}`;
export const detailTitle = (doc: Pick<SchemaDocument, 'title'>) => `${recordName(doc)}详情`;
