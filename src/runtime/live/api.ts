import { http, RequestFailure } from '../http/client.ts';

/*
 * The live figures' data provider: what a polling screen reads by path (monitor/runtime, monitor/disk, …),
 * typed by the caller with the wire types of src/core/monitor-types.ts. Silent: the screen says why it has
 * no figures itself.
 */
export { RequestFailure };

export const readFigures = <T>(path: string, query?: Record<string, string>): Promise<T> => http.get<T>(path, query, { silent: true }).then((r) => r.result);
