import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test-kit/render.tsx';
import { fakeServer, refusal } from '../../test-kit/server.ts';
import Login from './Login.tsx';

/* The login page's password form, in the login kit's plain elements (issue 21): what the e2e tests and users rely on. */

const SITE = { allowPhoneLogin: true, allowRegister: true, allowGuest: true, allowThirdLogin: false, captcha: false };

const show = () => renderUi(<MemoryRouter initialEntries={['/user/login']}>{<Login />}</MemoryRouter>);

describe('login form', () => {
  it('Enter on an empty form marks both fields and says what is missing under each, tied to its input', async () => {
    fakeServer({ 'GET /site/siteinfo': () => SITE });
    const { user } = show();
    await user.type(screen.getByPlaceholderText('请输入用户名'), '{Enter}');
    for (const placeholder of ['请输入用户名', '请输入密码']) {
      const input = screen.getByPlaceholderText(placeholder);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(placeholder);
    }
    await user.type(screen.getByPlaceholderText('请输入用户名'), 'admin');
    expect(screen.getByPlaceholderText('请输入用户名')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByPlaceholderText('请输入密码')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's refusal as an alert, with the button busy (not clickable) while it is asked", async () => {
    let answer: (r: Response) => void = () => {};
    const server = fakeServer({
      'GET /site/siteinfo': () => SITE,
      'POST /sys/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = show();
    await user.type(screen.getByPlaceholderText('请输入用户名'), 'admin');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'wrong{Enter}');
    const button = screen.getByRole('button', { name: /登\s*录/ });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await user.click(button);
    expect(server.sentTo('POST /sys/login')).toHaveLength(1);
    answer(refusal('用户名或密码错误，还可尝试4次'));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误，还可尝试4次');
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('shows the password on the eye button and keeps 记住用户名 as a checkbox', async () => {
    fakeServer({ 'GET /site/siteinfo': () => SITE });
    const { user } = show();
    const password = screen.getByPlaceholderText('请输入密码');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: '显示密码' })).toHaveAttribute('aria-pressed', 'true');
    const remember = screen.getByRole('checkbox', { name: '记住用户名' });
    expect(remember).not.toBeChecked();
    await user.click(screen.getByText('记住用户名'));
    expect(remember).toBeChecked();
    expect(screen.getByRole('tab', { name: '手机号登录' })).toBeInTheDocument();
  });
});
