import type { Envelope } from '../../core/api-types.ts';
import type { WfEntity, WfEntrustView, WfInstanceDetail, WfInstanceView, WfPage, WfProcessView, WfTaskDetail, WfTaskView } from '../../core/workflow/wire.ts';
import { http } from '../http/client.ts';

/*
 * The workflow's data provider: every call the 流程中心 pages make, typed by the wire types the server's
 * queries return. Pages call these, never the HTTP client. Failures reach the caller (and the error
 * catalogue shows them unless the caller passes silent).
 */
export { RequestFailure } from '../http/client.ts';

type Query = Record<string, unknown>;
const result = async <T>(p: Promise<Envelope<T>>): Promise<T> => (await p).result;
const message = async (p: Promise<Envelope<unknown>>): Promise<string> => (await p).message;

export interface ActionBody {
  id: string;
  comment?: string;
  values?: Record<string, unknown>;
  target?: string;
  username?: string;
  /** Usernames to copy, comma-separated (approving). */
  cc?: string;
}

export const workflow = {
  tasks: (q: Query) => result(http.get<WfPage<WfTaskView>>('/workflow/task/list', q)),
  doneTasks: (q: Query) => result(http.get<WfPage<WfTaskView & { outcome: string; comment: string | null; endTime: string }>>('/workflow/task/done', q)),
  counts: () => result(http.get<{ todo: number; ccUnread: number }>('/workflow/task/count', undefined, { silent: true })),
  task: (id: string) => result(http.get<WfTaskDetail>('/workflow/task/detail', { id })),
  act: (action: 'approve' | 'reject' | 'transfer' | 'addSigner' | 'claim', body: ActionBody) =>
    message(http.post(`/workflow/task/${action}`, body, { silent: true })),

  applications: (q: Query) => result(http.get<WfPage<WfInstanceView>>('/workflow/instance/mine', q)),
  instance: (id: string) => result(http.get<WfInstanceDetail>('/workflow/instance/detail', { id })),
  withdraw: (id: string) => message(http.post('/workflow/instance/withdraw', { id }, { silent: true })),
  urge: (id: string) => message(http.post('/workflow/instance/urge', { id }, { silent: true })),

  carbonCopies: (q: Query) =>
    result(
      http.get<
        WfPage<{
          id: string;
          instanceId: string;
          title: string;
          processName: string;
          nodeName: string;
          senderName: string;
          initiatorName: string;
          statusText: string;
          read: boolean;
          createTime: string;
        }>
      >('/workflow/cc/list', q),
    ),
  markRead: (id: string) => message(http.post('/workflow/cc/read', { id }, { silent: true })),

  entrusts: () => result(http.get<WfEntrustView[]>('/workflow/entrust/list')),
  entrust: (body: { agent: string; beginDate: string; endDate: string; reason?: string }) =>
    message(http.post('/workflow/entrust/add', body, { silent: true })),
  revokeEntrust: (id: string) => message(http.post('/workflow/entrust/revoke', { id }, { silent: true })),

  monitor: (q: Query) => result(http.get<WfPage<WfInstanceView>>('/workflow/monitor/list', q)),
  manage: (action: 'suspend' | 'resume' | 'terminate' | 'reassign', body: { id: string; comment?: string; username?: string }) =>
    message(http.post(`/workflow/monitor/${action}`, body, { silent: true })),

  processes: () => result(http.get<WfProcessView[]>('/workflow/process/list')),
  processXml: (id: string) => result(http.get<{ id: string; xml: string }>('/workflow/process/xml', { id })),
  entities: () => result(http.get<WfEntity[]>('/workflow/process/entities')),
  deploy: (xml: string) => http.post<{ id: string; key: string; version: number; name: string }>('/workflow/process/deploy', { xml }, { silent: true }),
  roles: () => result(http.get<{ roleCode: string; roleName: string }[]>('/sys/role/queryall')),
};
