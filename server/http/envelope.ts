import { NO_AUTH_CODE } from '../../src/core/api-types.ts';

/*
 * The JeecgBoot response envelope of spec section 7: every answer, good or bad, is
 * { success, message, code, result, timestamp }, and the HTTP status agrees with code — except a read refused
 * for want of permission (noAuth): HTTP 403 with JeecgBoot's Result.noauth code 510, which list screens show
 * as a warning (spec section 8).
 */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export function ok<T>(result: T, message = '操作成功'): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

export function fail(code: number, message: string, result: unknown = null): Envelope {
  return { success: false, message, code, result, timestamp: Date.now() };
}

/** Thrown anywhere in a handler; the error handler turns it into an envelope with this status (and code, if other). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly result: unknown = null,
    readonly envelopeCode = status,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Token失效，请重新登录') => new ApiError(401, message);
export const forbidden = (message = '没有权限访问此资源') => new ApiError(403, message);
export const notFound = (message = '记录不存在') => new ApiError(404, message);
/** A read refused for want of permission: 403, with JeecgBoot's no-auth code. */
export const noAuth = (message: string) => new ApiError(403, message, null, NO_AUTH_CODE);

/** A required, non-blank string field of a request body, or a 400 with the given message. */
export function requireText(body: unknown, field: string, message: string, maxLength = 200): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(message);
  if (value.length > maxLength) throw badRequest(`${message}（长度不能超过${maxLength}）`);
  return value;
}
