import type { Envelope } from '../../core/api-types.ts';
import { http } from '../http/client.ts';
import type { SchemaDocument } from '../../core/schema/types.generated.ts';

/** The generic CRUD calls of a schema screen: /{area}/{entity}/list|add|edit|delete|deleteBatch|queryById|exportXls|importExcel. */
export interface Page<T> {
  records: T[];
  total: number;
  /** The server estimated the total of a large filtered list instead of counting it. */
  totalEstimated?: boolean;
  size: number;
  current: number;
  pages: number;
}

export type DataRecord = Record<string, unknown> & { id?: string };

const documents = new Map<string, Promise<SchemaDocument>>();

export function fetchDocument(code: string): Promise<SchemaDocument> {
  let pending = documents.get(code);
  if (!pending) {
    pending = http.get<SchemaDocument>('/sys/schema/get', { code }).then((r) => r.result);
    pending.catch(() => documents.delete(code));
    documents.set(code, pending);
  }
  return pending;
}

export function forgetDocument(code: string) {
  documents.delete(code);
}

export function entityApi(code: string) {
  const base = `/${code}`;
  return {
    list: (params: Record<string, unknown>) => http.get<Page<DataRecord>>(`${base}/list`, params).then((r) => r.result),
    queryById: (id: string) => http.get<DataRecord>(`${base}/queryById`, { id }).then((r) => r.result),
    add: (record: DataRecord): Promise<Envelope<{ id: string }>> => http.post(`${base}/add`, record),
    edit: (record: DataRecord): Promise<Envelope> => http.put(`${base}/edit`, record),
    remove: (id: string): Promise<Envelope> => http.delete(`${base}/delete`, { id }),
    removeBatch: (ids: string[]): Promise<Envelope> => http.delete(`${base}/deleteBatch`, { ids: ids.join(',') }),
    exportPath: `${base}/exportXls`,
    importPath: `${base}/importExcel`,
  };
}

/** A button's permission code for one of a document's actions. */
export function permissionCode(doc: SchemaDocument, action: string): string {
  const prefix = doc.permissionPrefix ?? doc.code.replace('/', ':');
  return `${prefix}:${action}`;
}
