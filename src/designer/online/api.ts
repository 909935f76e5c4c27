import { http } from '../../runtime/http/client.ts';
import type { FormDef } from '../../core/schema/types.generated.ts';

/* The online-form calls of the designer (server/routes/online-forms.ts). Failures show the server's message. */

export interface OnlineFormRecord {
  id: string;
  desformCode: string;
  desformName: string;
  desformIcon: string | null;
  desformDesignJson: FormDef;
  cgformCode: string | null;
  desformType: number;
  version: number;
  publishedVersion: number | null;
  publishTime: string | null;
  updateTime: string | null;
}

export interface SaveRequest {
  desformCode: string;
  desformName: string;
  desformIcon?: string;
  desformDesignJson: string;
}

export const onlineFormApi = {
  list: () => http.get<OnlineFormRecord[]>('/form/formConfiguration/list', { tableTypes: '1,2' }).then((r) => r.result),
  load: (desformCode: string) => http.get<OnlineFormRecord>('/form/formConfiguration/queryByCode', { desformCode }).then((r) => r.result),
  save: (req: SaveRequest) => http.post<OnlineFormRecord>('/form/formConfiguration/save', req).then((r) => r.result),
  publish: (desformCode: string, roles: string[]) =>
    http.post<{ cgformCode: string; version: number; documents: string[] }>('/form/formConfiguration/publish', { desformCode, roles }).then((r) => r.result),
  roles: () => http.get<{ roleCode: string; roleName: string }[]>('/form/formConfiguration/roles', undefined, { silent: true }).then((r) => r.result),
};
