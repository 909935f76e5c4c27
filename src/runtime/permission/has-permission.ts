import type { ButtonAuth } from '../../core/api-types.ts';

/**
 * The has-permission rule of spec section 6: items of type '2' are ignored; an allAuth entry with
 * status '0' for the action keeps it visible to everyone; otherwise the user's own list must hold it.
 */
export function hasPermission(action: string, auth: ButtonAuth[], allAuth: ButtonAuth[]): boolean {
  const global = allAuth.filter((a) => a.type !== '2');
  if (global.some((a) => a.action === action && a.status === '0')) return true;
  return auth.filter((a) => a.type !== '2').some((a) => a.action === action);
}
