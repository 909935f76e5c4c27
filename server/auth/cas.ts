import { XMLParser } from 'fast-xml-parser';
import type { CasSettings } from '../config.ts';
import { ApiError, badRequest } from '../http/envelope.ts';

/*
 * CAS single sign-on, as JeecgBoot's client does it (GET /sys/cas/client/validateLogin?ticket&service): the
 * browser went to the CAS server's /login with this site as its `service` and came back with a service
 * ticket; the server asks the CAS server (`serviceValidate`, the CAS 2.0 protocol every CAS server answers)
 * whose ticket it is, and that user — an account of this system with the same username — is signed in.
 * Off until CAS_SERVER_URL names a CAS server. The service a ticket is checked for must be this site's own
 * (CAS_SERVICE_URL, or an address on the host the request came to): a ticket issued to another application of
 * the same CAS server must not open this one.
 */

export const CAS_CLOSED = '未启用统一身份认证（CAS）';
export const CAS_MESSAGES = {
  noTicket: '缺少参数 ticket',
  badService: '服务地址不属于本系统',
  unreachable: '统一身份认证服务器无法访问',
  unreadable: '统一身份认证服务器的回答无法识别',
  refused: '统一身份认证失败',
} as const;

const TIMEOUT_MS = 5000;
/** CAS tickets are printable ASCII (ST-…, PT-…); anything else is not worth a call to the CAS server. */
const TICKET = /^[\x21-\x7e]{1,256}$/;

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, trimValues: true });

/** Whether `service` is this site: CAS_SERVICE_URL's address (or below it), else an http(s) address on the request's host. */
function ownService(settings: CasSettings, service: string, requestHost: string): boolean {
  let url: URL;
  try {
    url = new URL(service);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (settings.serviceUrl) return service === settings.serviceUrl || service.startsWith(settings.serviceUrl.replace(/\/?$/, '/'));
  return url.host === requestHost;
}

/** The CAS 2.0 answer: the username it vouches for, or the refusal's code and text. */
export function readServiceResponse(xml: string): { user: string } | { code: string; text: string } {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new ApiError(502, CAS_MESSAGES.unreadable);
  }
  const response = doc.serviceResponse as Record<string, unknown> | undefined;
  const success = response?.authenticationSuccess as Record<string, unknown> | undefined;
  const failure = response?.authenticationFailure as Record<string, string> | string | undefined;
  if (typeof success?.user === 'string' && success.user.trim()) return { user: success.user.trim() };
  if (failure !== undefined) {
    const text = typeof failure === 'string' ? failure : (failure['#text'] ?? '');
    const code = typeof failure === 'string' ? '' : (failure['@code'] ?? '');
    return { code, text };
  }
  throw new ApiError(502, CAS_MESSAGES.unreadable);
}

/** Asks the CAS server whose `ticket` this is; answers the username, or refuses with a message of CAS_MESSAGES. */
export async function casUsername(settings: CasSettings, ticket: unknown, service: unknown, requestHost: string): Promise<string> {
  if (typeof ticket !== 'string' || !ticket) throw badRequest(CAS_MESSAGES.noTicket);
  if (!TICKET.test(ticket)) throw new ApiError(401, CAS_MESSAGES.refused);
  if (typeof service !== 'string' || service.length > 1000 || !ownService(settings, service, requestHost)) throw badRequest(CAS_MESSAGES.badService);
  const address = `${settings.serverUrl}/serviceValidate?${new URLSearchParams({ ticket, service })}`;
  let xml: string;
  try {
    const answer = await fetch(address, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    xml = await answer.text();
  } catch (error) {
    console.warn(`CAS serviceValidate failed: ${error instanceof Error ? error.message : error}`);
    throw new ApiError(502, CAS_MESSAGES.unreachable);
  }
  const outcome = readServiceResponse(xml);
  if ('user' in outcome) return outcome.user;
  throw new ApiError(401, `${CAS_MESSAGES.refused}${outcome.code ? `（${outcome.code}）` : ''}${outcome.text ? `：${outcome.text}` : ''}`);
}
