import type { LoginResult } from '../../core/api-types.ts';
import { LOGIN_PATH, runtimeConfig } from '../config.ts';
import { announceWelcome, casLogin } from './store.ts';

/*
 * CAS single sign-on in the browser (the server checks the ticket: server/auth/cas.ts). 统一身份认证 on the
 * login page sends the browser to the CAS server's /login with this site as the service; CAS sends it back
 * with ?ticket=…, which the session gate trades for a session before anything else happens (the guest's
 * sign-in included). Signing out ends the CAS session too, or the next 统一身份认证 would sign straight back in.
 */

/** The CAS server, when the server has one. */
export const casServer = (): string | undefined => runtimeConfig().casServerUrl;

/** This site as CAS knows it: the page's address without query or route (CAS appends ?ticket= to it). */
const casService = () => `${window.location.origin}${window.location.pathname}`;

export const casLoginUrl = (server: string) => `${server}/login?service=${encodeURIComponent(casService())}`;

/** CAS's sign-out, coming back to the login page. */
export const casLogoutUrl = (server: string) => `${server}/logout?service=${encodeURIComponent(`${casService()}#${LOGIN_PATH}`)}`;

/** The ticket CAS sent the browser back with, taken off the address: a ticket is good for one try. */
function takeTicket(): string | null {
  const params = new URLSearchParams(window.location.search);
  const ticket = params.get('ticket');
  if (!ticket) return null;
  params.delete('ticket');
  const query = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`);
  return ticket;
}

let pending: Promise<LoginResult> | null = null;

/**
 * The sign-in with the ticket on this page's address, if CAS is on and there is one: started once however
 * often it is asked (the gate's effect runs twice in development), null when there is nothing to do.
 */
export function casTicketSignIn(): Promise<LoginResult> | null {
  const server = casServer();
  if (pending || !server) return pending;
  const ticket = takeTicket();
  if (!ticket) return null;
  pending = casLogin(ticket, casService())
    .then((result) => {
      announceWelcome(result.userInfo.realname);
      return result;
    })
    .finally(() => (pending = null));
  return pending;
}
