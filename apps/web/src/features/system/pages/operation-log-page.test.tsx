import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { OperationLogRow } from '@merchant/contracts/system/operation-log';
import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { loginLogOps } from '@merchant/contracts/system/login-log';
import { roleOps } from '@merchant/contracts/system/role';
import { renderWithApp } from '../../../test/render.tsx';

const operationLogs = vi.fn();
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: () => (p: unknown) => operationLogs(p),
}));

const { default: OperationLogPage } = await import('./operation-log-page.tsx');

const entry = (over: Partial<OperationLogRow>): OperationLogRow => ({
  id: 1,
  userName: 'admin',
  organizationId: 1,
  roleIds: '1',
  operation: roleOps.edit.name,
  operationLabel: '编辑角色',
  anchor: 'role-management',
  clientAnchor: 'role-management',
  pageName: '角色管理',
  targetIds: 'id=7;name=运营;menuIds=1,2,3,4,5,6,7,8,9,10,11,12',
  targets: '角色：运营；名称：运营；菜单权限：12项',
  resultCode: '200',
  resultMsg: '成功',
  ip: '127.0.0.1',
  createdAt: Date.UTC(2026, 0, 1, 4),
  ...over,
});

function setup() {
  return renderWithApp(<OperationLogPage />);
}

describe('操作日志', { timeout: 30_000 }, () => {
  beforeEach(() => operationLogs.mockReset());
  afterEach(() => cleanup());

  it('shows operation names, page names and targets in words, never the stored codes', async () => {
    operationLogs.mockResolvedValue({
      list: [
        entry({}),
        entry({
          id: 2,
          operation: `${loginLogOps.list.name}#export`,
          operationLabel: '导出（登录日志列表）',
          anchor: 'login-log',
          pageName: '登录日志',
          targetIds: '',
          targets: '',
          resultCode: '200002',
          resultMsg: '数据较多（6000条），已转为后台导出',
        }),
        entry({
          id: 3,
          operation: settleApplyOps.submit.name,
          operationLabel: '提交入驻申请',
          anchor: 'settle-apply',
          pageName: '入驻申请',
          targetIds: 'id=3',
          targets: '入驻申请：RZ20260101001',
        }),
        entry({
          id: 4,
          operation: signInOps.logout.name,
          operationLabel: '退出登录',
          anchor: '',
          pageName: '',
          targetIds: '',
          targets: '',
        }),
      ],
      total: 4,
      pageSize: 20,
      nextCursor: null,
      prevCursor: null,
    });
    const { container } = setup();
    expect(await screen.findByText('编辑角色')).toBeTruthy();
    for (const words of [
      '角色管理',
      '角色：运营；名称：运营；菜单权限：12项',
      '导出（登录日志列表）',
      '登录日志',
      '提交入驻申请',
      '入驻申请：RZ20260101001',
      '退出登录',
    ]) {
      expect(screen.getAllByText(words).length, words).toBeGreaterThan(0);
    }
    const table = container.querySelector('.ant-table-tbody')!.textContent!;
    for (const code of ['system.', 'merchant.', 'permission.', '#export', 'role-management', 'settle-apply', 'menuIds', 'id=']) {
      expect(table, code).not.toContain(code);
    }
  });

  it('searches operations by what the page shows', async () => {
    operationLogs.mockResolvedValue({ list: [], total: 0, pageSize: 20, nextCursor: null, prevCursor: null });
    setup();
    await waitFor(() => expect(operationLogs).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByPlaceholderText('如 编辑角色、导出'), { target: { value: ' 角色 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(operationLogs).toHaveBeenLastCalledWith({ operation: '角色', pageSize: 20 }));
  });

  it('pages by keyset: 下一页 sends the cursor the server handed out, 第 N 页 counts', async () => {
    operationLogs.mockImplementation(async (p?: { cursor?: string }) =>
      p?.cursor
        ? { list: [entry({ id: 1, operationLabel: '新增角色' })], pageSize: 20, nextCursor: null, prevCursor: 'p1' }
        : { list: [entry({ id: 2 })], total: 21, pageSize: 20, nextCursor: 'n2', prevCursor: null },
    );
    setup();
    expect(await screen.findByText('编辑角色')).toBeTruthy();
    expect(screen.getByText('共 21 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /下一页/ }));
    expect(await screen.findByText('新增角色')).toBeTruthy();
    expect(operationLogs).toHaveBeenLastCalledWith({ pageSize: 20, cursor: 'n2' });
    expect(screen.getByText('第 2 页')).toBeTruthy();
    expect(screen.getByText('共 21 条')).toBeTruthy();
  });
});
