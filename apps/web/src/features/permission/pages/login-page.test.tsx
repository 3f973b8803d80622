import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from 'antd';
import { STORAGE_KEYS } from '@merchant/contracts';
import { signInOps } from '@merchant/contracts/permission/sign-in';

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(async () => ({ token: 'tok-new', expiresAt: Date.now() + 60_000 })),
}));

const { default: LoginPage } = await import('./login-page.tsx');
const { call } = await import('../../../platform/call.ts');

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/website/*', element: <div>signed-in page</div> },
    ],
    { initialEntries: [url] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

afterEach(() => cleanup());

describe('LoginPage', () => {
  it('has 账号 and 密码 fields, an SMS tab and a 登录 button; rules come from the shared schema', async () => {
    renderAt('/login');
    expect(screen.getByRole('textbox', { name: '账号' })).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '短信登录' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /登\s*录/ })[0]);
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('signs in, stores the token and returns where the visitor meant to go', async () => {
    sessionStorage.setItem(STORAGE_KEYS.currentRole, JSON.stringify([99]));
    const router = renderAt('/login?redirect=%2Fwebsite%2Fsystem%2Forganization-list');
    fireEvent.change(screen.getByRole('textbox', { name: '账号' }), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getAllByRole('button', { name: /登\s*录/ })[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/system/organization-list'));
    expect(call).toHaveBeenCalledWith(signInOps.loginPassword, { userName: 'admin', password: 'Secret123' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-new');
    // a new session does not inherit another account's role choice
    expect(sessionStorage.getItem(STORAGE_KEYS.currentRole)).toBeNull();
  });
});
