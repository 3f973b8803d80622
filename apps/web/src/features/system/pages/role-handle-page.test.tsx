import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ApiRequest } from '@merchant/contracts';
import type { MenuNode } from '@merchant/contracts/permission/session';
import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { renderWithApp } from '../../../test/render.tsx';
import { node } from '../../../test/fixtures.ts';

/** What the fake server answers, by gateway operation name. */
type Answer = { code: string; msg?: string; data?: unknown };
const answers = new Map<string, (body: Record<string, unknown>) => Answer>();
const sent: Array<{ name: string; body: Record<string, unknown> }> = [];
const warn = vi.fn();

// The real http client core (spec §8 catalogue) over a fake transport: a toast is a `warn` call.
vi.mock('../../../platform/http-client.ts', async () => {
  const { createHttp } = await import('../../../platform/http-core.ts');
  return {
    http: createHttp({
      send: async (req: ApiRequest) => {
        const { name, body } = req.body as { name: string; body: Record<string, unknown> };
        sent.push({ name, body });
        const answer = answers.get(name)?.(body) ?? { code: 'A0404', msg: `未模拟的操作 ${name}` };
        return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
      },
      hooks: { warn: (text: string) => warn(text), logout: () => undefined },
    }),
  };
});

const { default: RoleHandlePage } = await import('./role-handle-page.tsx');
const { OrgFormModal } = await import('../components/org-form-modal.tsx');

const m = (id: number, name: string, menuType: 1 | 2, children: MenuNode[] = []): MenuNode =>
  node({ id, name, menuType, sort: id, anchor: `a${id}`, children });
const grantable = [m(1999, '首页', 2), m(104, '订单管理', 1, [m(10401, '线上零售订单', 2)])];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/website/system/role-management-add/:type/:id?/:organizationName?', Component: RoleHandlePage },
      { path: '/website/system/role-management', Component: () => <div>角色列表页</div> },
      { path: '/website/home', Component: () => <div>首页内容</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithApp(<RouterProvider router={router} />);
  return router;
}

describe('角色 add / edit page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    answers.clear();
    sent.length = 0;
    warn.mockReset();
    answers.set(roleOps.grantableMenus.name, () => ({ code: '200', data: grantable }));
  });
  afterEach(() => cleanup());

  it('a role that does not exist shows 角色不存在 with ways back, once, instead of loading for ever', async () => {
    answers.set(roleOps.detail.name, () => ({ code: 'A0404', msg: '角色不存在' }));
    const router = renderAt('/website/system/role-management-add/edit/99999');
    const result = await screen.findByTestId('not-found');
    expect(within(result).getByText('角色不存在')).toBeTruthy();
    expect(within(result).getByText(/99999/)).toBeTruthy();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    // The page says it; the http client does not toast it as well.
    expect(warn).not.toHaveBeenCalled();
    // A deep link has no earlier page of ours: 返回角色列表 and 返回首页, no 返回上一页.
    expect(within(result).queryByRole('button', { name: /返回上一页/ })).toBeNull();
    fireEvent.click(within(result).getByRole('button', { name: /返回首页/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/home'));
  });

  it('another failure offers 重新加载 (not 不存在)', async () => {
    let fail = true;
    answers.set(roleOps.detail.name, () =>
      fail
        ? { code: 'B0001', msg: '系统繁忙' }
        : {
            code: '200',
            data: {
              id: 5,
              name: '运营',
              packageName: '标准版',
              isAdmin: false,
              organizationId: 1,
              organizationName: '总部',
              accountCount: 0,
              createdAt: 0,
              menuIds: [1999],
            },
          },
    );
    renderAt('/website/system/role-management-add/edit/5');
    const failed = await screen.findByTestId('load-failed');
    expect(warn).toHaveBeenCalledWith('系统繁忙');
    fail = false;
    fireEvent.click(within(failed).getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByDisplayValue('运营')).toBeTruthy();
  });

  it('saving a role with no menu asks first; 返回授权 sends nothing, 仍然保存 saves', async () => {
    answers.set(roleOps.add.name, () => ({ code: '200', data: { id: 9 } }));
    renderAt('/website/system/role-management-add/add/1/总部');
    fireEvent.change(await screen.findByPlaceholderText('2-20个字，如 区域运营'), { target: { value: '空权限角色' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.querySelector('.ant-modal-confirm-title')?.textContent).toBe('该角色未授予任何菜单权限');
    fireEvent.click(within(confirm).getByRole('button', { name: '返回授权' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(sent.some((s) => s.name === roleOps.add.name)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: '仍然保存' }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: '仍然保存' }).at(-1)!);
    await waitFor(() => expect(sent.filter((s) => s.name === roleOps.add.name)).toHaveLength(1));
    expect(sent.find((s) => s.name === roleOps.add.name)?.body).toMatchObject({ organizationId: 1, name: '空权限角色', menuIds: [] });
  });

  it('a role with menus saves without asking', async () => {
    answers.set(roleOps.add.name, () => ({ code: '200', data: { id: 9 } }));
    renderAt('/website/system/role-management-add/add/1/总部');
    fireEvent.change(await screen.findByPlaceholderText('2-20个字，如 区域运营'), { target: { value: '订单角色' } });
    fireEvent.click(screen.getByLabelText('线上零售订单'));
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(sent.filter((s) => s.name === roleOps.add.name)).toHaveLength(1));
    expect(screen.queryByText('该角色未授予任何菜单权限')).toBeNull();
  });

  it('a duplicate role name is reported once, under 角色名称 (no toast on top)', async () => {
    answers.set(roleOps.add.name, () => ({ code: 'A0409', msg: '该组织下已有同名角色' }));
    renderAt('/website/system/role-management-add/add/1/总部');
    fireEvent.change(await screen.findByPlaceholderText('2-20个字，如 区域运营'), { target: { value: '运营' } });
    fireEvent.click(screen.getByLabelText('线上零售订单'));
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('该组织下已有同名角色')).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
    expect(screen.getAllByText('该组织下已有同名角色')).toHaveLength(1);
  });
});

describe('组织 form', { timeout: 60_000 }, () => {
  beforeEach(() => {
    answers.clear();
    sent.length = 0;
    warn.mockReset();
  });
  afterEach(() => cleanup());

  const tree = [
    {
      id: 1,
      parentId: null,
      name: '总部',
      structureType: 1,
      sort: 0,
      createdAt: 0,
      accountCount: 0,
      roleCount: 0,
      children: [
        { id: 2, parentId: 1, name: '华东大区', structureType: 2, sort: 1, createdAt: 0, accountCount: 0, roleCount: 0, children: [] },
      ],
    },
  ];
  const renderModal = () => {
    renderWithApp(<OrgFormModal target={{ mode: 'add', parentId: 1 }} tree={tree as never} onClose={() => undefined} />);
  };

  it('a duplicate organisation name is reported once, under 组织名称', async () => {
    answers.set(organizationOps.add.name, () => ({ code: 'A0409', msg: '同一上级组织下已有同名组织' }));
    renderModal();
    fireEvent.change(await screen.findByPlaceholderText('2-30个字，如 上海运营中心'), { target: { value: '华东大区' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('同一上级组织下已有同名组织')).toBeTruthy();
    await waitFor(() => expect(sent.filter((s) => s.name === organizationOps.add.name)).toHaveLength(1));
    expect(warn).not.toHaveBeenCalled();
    expect(screen.getAllByText('同一上级组织下已有同名组织')).toHaveLength(1);
  });

  it('a refusal about no field of the form is still shown, once', async () => {
    answers.set(organizationOps.add.name, () => ({ code: 'A0409', msg: '组织层级已达上限' }));
    renderModal();
    fireEvent.change(await screen.findByPlaceholderText('2-30个字，如 上海运营中心'), { target: { value: '新组织' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    // Not a field error: the modal shows it as its own warning (the client stayed silent).
    expect(await screen.findByText('组织层级已达上限')).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-form-item-explain-error')).toBeNull();
  });
});
