import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A CAS server for the tests, speaking the real protocol's three addresses: /login (a form; submitting it
 * sends the browser back to the service with a service ticket), /serviceValidate (the CAS 2.0 XML answer,
 * authenticationSuccess with the user or authenticationFailure with a code; tickets are single use and
 * bound to the service they were issued for) and /logout (back to the service when one is given).
 */
export interface FakeCas {
  /** e.g. http://127.0.0.1:40123/cas */
  url: string;
  /** A service ticket for `user`, valid once for `service` (what /login hands out after a sign-in). */
  issue(user: string, service: string): string;
  /** How many serviceValidate calls it has answered. */
  validations(): number;
  close(): Promise<void>;
}

const xml = (body: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${body}\n</cas:serviceResponse>\n`;
const escape = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
const withTicket = (service: string, ticket: string) => `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;

export async function startFakeCas(): Promise<FakeCas> {
  const tickets = new Map<string, { user: string; service: string }>();
  let validations = 0;
  const issue = (user: string, service: string) => {
    const ticket = `ST-${randomBytes(12).toString('hex')}`;
    tickets.set(ticket, { user, service });
    return ticket;
  };

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://cas');
    const service = url.searchParams.get('service') ?? '';
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...headers });
      response.end(body);
    };
    switch (url.pathname) {
      case '/cas/login':
        return send(
          200,
          'text/html',
          `<!doctype html><meta charset="utf-8"><title>统一身份认证</title><form action="/cas/login/submit"><input type="hidden" name="service" value="${escape(service)}"><label>CAS 用户名 <input name="username"></label><button type="submit">CAS 登录</button></form>`,
        );
      case '/cas/login/submit':
        return send(302, 'text/plain', '', { location: withTicket(service, issue(url.searchParams.get('username') ?? '', service)) });
      case '/cas/serviceValidate': {
        validations++;
        const ticket = url.searchParams.get('ticket') ?? '';
        const issued = tickets.get(ticket);
        tickets.delete(ticket);
        if (!issued)
          return send(
            200,
            'application/xml',
            xml(`  <cas:authenticationFailure code="INVALID_TICKET">\n    Ticket ${escape(ticket)} not recognized\n  </cas:authenticationFailure>`),
          );
        if (issued.service !== service)
          return send(
            200,
            'application/xml',
            xml(
              `  <cas:authenticationFailure code="INVALID_SERVICE">\n    Ticket ${escape(ticket)} does not match supplied service\n  </cas:authenticationFailure>`,
            ),
          );
        return send(
          200,
          'application/xml',
          xml(`  <cas:authenticationSuccess>\n    <cas:user>${escape(issued.user)}</cas:user>\n  </cas:authenticationSuccess>`),
        );
      }
      case '/cas/logout':
        return service ? send(302, 'text/plain', '', { location: service }) : send(200, 'text/html', '<!doctype html><meta charset="utf-8">已退出统一身份认证');
      default:
        return send(404, 'text/plain', 'not found');
    }
  };

  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cas`,
    issue,
    validations: () => validations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
