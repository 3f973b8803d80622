import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { sessionStore } from './session-store.ts';
import { useLeaveGuard } from './use-leave-guard.ts';

function Editor({ dirty }: { dirty: boolean }) {
  useLeaveGuard(dirty);
  const navigate = useNavigate();
  return <button onClick={() => navigate('/other')}>go</button>;
}

function setup(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor dirty={dirty} /> },
      { path: '/other', element: <div>other page</div> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

describe('useLeaveGuard', () => {
  beforeEach(() => sessionStore.setState({ token: 't' }));
  afterEach(() => {
    cleanup();
    sessionStore.setState({ token: null });
  });

  it('lets a clean form go', async () => {
    const router = setup(false);
    await act(async () => fireEvent.click(screen.getByText('go')));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks before leaving a dirty form; 继续编辑 stays, 离开 goes', async () => {
    const router = setup(true);
    await act(async () => fireEvent.click(screen.getByText('go')));
    await screen.findAllByText('离开当前页面？');
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/edit');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '继续编辑' })));
    expect(router.state.location.pathname).toBe('/edit');
    await act(async () => fireEvent.click(screen.getByText('go')));
    const leave = await screen.findAllByRole('button', { name: /离\s*开/ });
    await act(async () => fireEvent.click(leave[leave.length - 1]));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('never holds back a session that ended', async () => {
    sessionStore.setState({ token: null });
    const router = setup(true);
    await act(async () => fireEvent.click(screen.getByText('go')));
    expect(router.state.location.pathname).toBe('/other');
  });
});
