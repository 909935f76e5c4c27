import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_AUTH_CODE } from '../../core/api-types.ts';
import { renderUi } from '../../test-kit/render.tsx';
import { fakeServer } from '../../test-kit/server.ts';
import { entityApi } from '../schema/api.ts';

/*
 * Spec section 8: a list read answered with code 510 (JeecgBoot's no-auth, which our server gives a read refused
 * for want of permission) shows the server's message as a warning; any other call refused so shows the 403 row
 * of the catalogue (拒绝访问).
 */
const MESSAGE = '没有权限访问【捐赠记录】，请联系管理员授权';
const noAuth =
  (message = MESSAGE) =>
  () =>
    Response.json({ success: false, code: NO_AUTH_CODE, message, result: null, timestamp: Date.now() }, { status: 403 });

describe('a no-auth refusal', () => {
  it('of a list read is a warning with the server message', async () => {
    fakeServer({ 'GET /donation/record/list': noAuth() });
    renderUi(<span />);
    await expect(entityApi('donation/record').list({ pageNo: 1 })).rejects.toMatchObject({ status: 403, message: MESSAGE });
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(document.querySelector('.ant-message-warning')).toHaveTextContent(MESSAGE);
    expect(screen.queryByText('拒绝访问')).toBeNull();
  });

  it('of another call is the catalogue’s 拒绝访问', async () => {
    const detail = '没有权限访问【捐赠记录】（详情）';
    fakeServer({ 'GET /donation/record/queryById': noAuth(detail) });
    renderUi(<span />);
    await expect(entityApi('donation/record').queryById('1')).rejects.toMatchObject({ status: 403 });
    expect(await screen.findByText('拒绝访问')).toBeInTheDocument();
    expect(screen.queryByText(detail)).toBeNull();
  });
});
