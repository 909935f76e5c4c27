import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => ({ notifications: [] as Record<string, unknown>[], modals: [] as Record<string, unknown>[] }));
vi.mock('antd', () => ({
  notification: { error: (args: Record<string, unknown>) => shown.notifications.push(args) },
  Modal: { error: (args: Record<string, unknown>) => shown.modals.push(args) },
}));

const { showHttpError } = await import('../../../src/runtime/http/error-catalogue.ts');

function context(overrides: Partial<Parameters<typeof showHttpError>[2]> = {}) {
  return { hasToken: true, route: '/dashboard/analysis', logout: vi.fn(async () => {}), reload: vi.fn(), ...overrides };
}

describe('the HTTP error catalogue (spec section 8)', () => {
  beforeEach(() => {
    shown.notifications.length = 0;
    shown.modals.length = 0;
    vi.useRealTimers();
  });

  it.each([
    [403, '拒绝访问', 4],
    [404, '很抱歉，资源未找到!', 4],
    [504, '网络超时', undefined],
  ])('%i shows %s', (status, text, duration) => {
    showHttpError(status, 'server text', context());
    expect(shown.notifications).toEqual([{ message: '系统提示', description: text, ...(duration ? { duration } : {}) }]);
  });

  it('401 with a token notifies, logs out and reloads after 1.5 s', async () => {
    vi.useFakeTimers();
    const ctx = context();
    showHttpError(401, 'x', ctx);
    expect(shown.notifications[0]).toMatchObject({ description: '未授权，请重新登录', duration: 4 });
    expect(ctx.logout).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1499);
    expect(ctx.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ctx.reload).toHaveBeenCalledOnce();
  });

  it('401 without a token only notifies', () => {
    const ctx = context({ hasToken: false });
    showHttpError(401, 'x', ctx);
    expect(ctx.logout).not.toHaveBeenCalled();
  });

  it('500 with the token-expired message opens the 登录已过期 modal, whose button logs out and reloads', async () => {
    const ctx = context();
    showHttpError(500, 'Token失效，请重新登录', ctx);
    expect(shown.notifications).toHaveLength(0);
    expect(shown.modals[0]).toMatchObject({ title: '登录已过期', content: '很抱歉，登录已过期，请重新登录', okText: '重新登录' });
    await (shown.modals[0].onOk as () => Promise<void>)();
    expect(ctx.logout).toHaveBeenCalledOnce();
    expect(ctx.reload).toHaveBeenCalledOnce();
  });

  it('500 token-expired on the login page or the root gives no modal', () => {
    showHttpError(500, 'Token失效，请重新登录', context({ route: '/user/login' }));
    showHttpError(500, 'Token失效，请重新登录', context({ route: '/' }));
    expect(shown.modals).toHaveLength(0);
  });

  it("any other status shows the server's message for 4 s", () => {
    showHttpError(400, '请输入用户名', context());
    expect(shown.notifications).toEqual([{ message: '系统提示', description: '请输入用户名', duration: 4 }]);
  });
});
