import { message as toast, Modal, notification } from 'antd';

/*
 * What the shared client shows for a failed request (spec section 8, "HTTP statuses in the shared
 * client"). The session module registers how to log out, so this module does not import it.
 */
export interface CatalogueContext {
  hasToken: boolean;
  /** The hash route being shown, e.g. '/dashboard/analysis'. */
  route: string;
  logout: () => Promise<unknown>;
  reload: () => void;
}

export const TOKEN_EXPIRED = 'Token失效，请重新登录';
const TITLE = '系统提示';

export function showHttpError(status: number, message: string, ctx: CatalogueContext): void {
  switch (status) {
    case 403:
      notification.error({ message: TITLE, description: '拒绝访问', duration: 4 });
      return;
    case 404:
      notification.error({ message: TITLE, description: '很抱歉，资源未找到!', duration: 4 });
      return;
    case 504:
      notification.error({ message: TITLE, description: '网络超时' });
      return;
    case 401:
      notification.error({ message: TITLE, description: '未授权，请重新登录', duration: 4 });
      if (ctx.hasToken) void ctx.logout().finally(() => setTimeout(ctx.reload, 1500));
      return;
    case 500:
      if (ctx.hasToken && message.includes(TOKEN_EXPIRED) && ctx.route !== '/' && ctx.route !== '/user/login') {
        Modal.error({
          title: '登录已过期',
          content: '很抱歉，登录已过期，请重新登录',
          okText: '重新登录',
          mask: false,
          onOk: () => ctx.logout().finally(ctx.reload),
        });
        return;
      }
      notification.error({ message: TITLE, description: message || '服务器内部错误', duration: 4 });
      return;
    default:
      notification.error({ message: TITLE, description: message || `请求失败 (${status})`, duration: 4 });
  }
}

/** A refusal the screen reports as a warning with the server's words (a list read without permission). */
export function showWarning(message: string): void {
  void toast.warning(message);
}
