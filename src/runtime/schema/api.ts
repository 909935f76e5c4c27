import type { Envelope, ExcelProgress, FileTicket, FileTicketPurpose } from '../../core/api-types.ts';
import type { SchemaDocument } from '../../core/schema/types.generated.ts';
import { http, request, RequestFailure } from '../http/client.ts';

/*
 * The records' data provider (the schema documents are ./documents-api.ts): the generic calls of a schema screen
 * (/{area}/{entity}/list|add|edit|delete|deleteBatch|queryById|exportXls|importExcel, its row operations,
 * status moves and recycle bin), a record's versions in the data log, and the server-backed checks of its
 * forms. The renderers call these, never the HTTP client.
 */
export { RequestFailure };

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

/** A declared toolbar call (list.calls): a route of the API, without a body; silent — the button shows the outcome. */
export const callRoute = (method: 'GET' | 'POST', path: string): Promise<Envelope> =>
  method === 'GET' ? http.get(path, undefined, { silent: true }) : http.post(path, undefined, { silent: true });

/** A short-lived ticket to download or preview one stored file (not a picture), for a user who may read it. */
export const fileTicket = (path: string, purpose: FileTicketPurpose): Promise<FileTicket> =>
  http.post<FileTicket>('/sys/common/fileTicket', { path, purpose }).then((r) => r.result);

/** A document's code and title, as GET /sys/schema/list names every screen. */
export interface DocumentSummary {
  code: string;
  title: string;
}

/** Every schema document's code and title (silent: a caller without the list lets the code be typed). */
export const listDocuments = (): Promise<DocumentSummary[]> =>
  http.get<DocumentSummary[]>('/sys/schema/list', undefined, { silent: true }).then((r) => r.result);

export function entityApi(code: string) {
  const base = `/${code}`;
  return {
    list: (params: Record<string, unknown>) => http.get<Page<DataRecord>>(`${base}/list`, params, { warnNoAuth: true }).then((r) => r.result),
    queryById: (id: string) => http.get<DataRecord>(`${base}/queryById`, { id }).then((r) => r.result),
    add: (record: DataRecord): Promise<Envelope<{ id: string }>> => http.post(`${base}/add`, record),
    edit: (record: DataRecord): Promise<Envelope> => http.put(`${base}/edit`, record),
    remove: (id: string): Promise<Envelope> => http.delete(`${base}/delete`, { id }),
    removeBatch: (ids: string[]): Promise<Envelope> => http.delete(`${base}/deleteBatch`, { ids: ids.join(',') }),
    exportPath: `${base}/exportXls`,
    /**
     * Uploads a workbook under a key of the browser's choosing, by which its progress is asked while the upload
     * is answered (importProgress, cancelImport); silent: the toolbar shows the rows the server refused itself.
     */
    importExcel: (file: File, key: string): Promise<Envelope<{ count: number }>> => {
      const body = new FormData();
      body.append('runKey', key);
      body.append('file', file);
      return request<{ count: number }>('POST', `${base}/importExcel`, { body, silent: true });
    },
    /** A declared row operation (list.operations) on one record, with the values its form asked for. */
    operate: (key: string, id: string, values: Record<string, unknown>): Promise<Envelope> =>
      http.post(`${base}/operation/${key}?id=${encodeURIComponent(id)}`, values, { silent: true }),
    /** A status move (entity.rules.transitions): { id, to, …the fields the step asks }. */
    transition: (body: Record<string, unknown>): Promise<Envelope> => http.post(`${base}/transition`, body, { silent: true }),
    /** The recycle bin of a soft-deleting entity: its deleted records, restoring one, deleting one for good. */
    deleted: () => http.get<DataRecord[]>(`${base}/deleteList`, { pageSize: 1000 }).then((r) => r.result),
    restore: (id: string): Promise<Envelope<null>> => http.put<null>(`${base}/back?id=${encodeURIComponent(id)}`),
    purge: (id: string): Promise<Envelope<null>> => http.delete<null>(`${base}/deletePhysic`, { id }),
  };
}

/** One version of a record in the data log (GET /system/data_log/queryDataVerList), as the server decorates it. */
export interface RecordVersion {
  id: string;
  action: string;
  action_dictText?: string;
  dataVersion: number;
  dataBefore: unknown;
  dataAfter: unknown;
  createBy: string;
  createTime: string;
}

/** A record's versions, newest first; silent: a user who may not read the data log is not offered them. */
export const recordVersions = (table: string, id: string): Promise<RecordVersion[]> =>
  http.get<RecordVersion[]>('/system/data_log/queryDataVerList', { dataTable: table, dataId: id }, { silent: true }).then((r) => r.result);

/** Duplicate check of a form field (GET /sys/duplicate/check): success false, with the message to show, when the value is taken. */
export const duplicateCheck = (params: { tableName: string; fieldName: string; fieldVal: string; dataId?: string }): Promise<Envelope> =>
  http.get('/sys/duplicate/check', params, { silent: true });

/** Rule-code check (GET /sys/checkRule/checkByCode): the value as the caller encoded it; success false with the message when it breaks the rule. */
export const ruleCodeCheck = (ruleCode: string, value: string): Promise<Envelope> =>
  http.get('/sys/checkRule/checkByCode', { ruleCode, value }, { silent: true });

/** A button's permission code for one of a document's actions. */
export function permissionCode(doc: SchemaDocument, action: string): string {
  const prefix = doc.permissionPrefix ?? doc.code.replace('/', ':');
  return `${prefix}:${action}`;
}

/** The signed-in user's own import runs: their progress, and stopping one while its rows are checked. */
export const excelRuns = {
  /** undefined while the server has not yet started the run (the file is still being sent or read). */
  progress: (key: string): Promise<ExcelProgress | undefined> =>
    http.get<ExcelProgress>('/sys/excel/progress', { key }, { silent: true }).then(
      (r) => r.result,
      () => undefined,
    ),
  cancel: (key: string): Promise<Envelope> => http.post('/sys/excel/cancel', { key }, { silent: true }),
};
