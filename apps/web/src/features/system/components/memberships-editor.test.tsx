import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form } from 'antd';
import type { RoleRow } from '@merchant/contracts/system/role';
import type { MembershipDraft } from '../form-rules.ts';
import { MembershipsEditor } from './memberships-editor.tsx';

const role = (id: number, organizationId: number, name: string): RoleRow => ({
  id,
  organizationId,
  name,
  packageName: '标准版',
  isAdmin: false,
  organizationName: '',
  accountCount: 0,
  createdAt: 0,
  manageable: true,
  manageNote: null,
});
const roles = [role(10, 1, '运营'), role(11, 1, '财务'), role(20, 2, '区域经理')];
const orgOptions = [{ title: '总部', value: 1, key: 1, children: [{ title: '华东大区', value: 2, key: 2 }] }];

function Harness({
  initial,
  onFinish,
  roleList = roles,
}: {
  initial: MembershipDraft[];
  onFinish?: (v: unknown) => void;
  roleList?: RoleRow[];
}) {
  const [form] = Form.useForm();
  return (
    <App>
      <Form form={form} initialValues={{ memberships: initial }} onFinish={onFinish}>
        <MembershipsEditor form={form} orgOptions={orgOptions} roles={roleList} />
        <Button htmlType="submit">提交</Button>
      </Form>
    </App>
  );
}

const openSelect = async (label: string) => {
  const input = screen.getByLabelText(label);
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.click(input);
  });
};
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);

describe('MembershipsEditor', () => {
  afterEach(() => cleanup());

  it('offers only the roles of the row’s organisation', async () => {
    render(<Harness initial={[{ organizationId: 1 }, { organizationId: 2 }]} />);
    await openSelect('第1行角色');
    await waitFor(() => expect(optionTexts()).toEqual(['运营', '财务']));
    cleanup();
    render(<Harness initial={[{ organizationId: 2 }]} />);
    await openSelect('第1行角色');
    await waitFor(() => expect(optionTexts()).toEqual(['区域经理']));
  });

  it('adds and removes rows, keeping at least one', async () => {
    render(<Harness initial={[{ organizationId: 1, roleId: 10 }]} />);
    expect((screen.getByRole('button', { name: '移除第1行' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /添加组织角色/ })));
    expect(screen.getByLabelText('第2行组织')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '移除第2行' })));
    expect(screen.queryByLabelText('第2行组织')).toBeNull();
  });

  it('refuses a repeated organisation and role before sending', async () => {
    let sent: unknown = null;
    render(
      <Harness
        initial={[
          { organizationId: 1, roleId: 10 },
          { organizationId: 1, roleId: 10 },
        ]}
        onFinish={(v) => (sent = v)}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    await screen.findByText('第2行：与前面的组织角色重复');
    expect(sent).toBeNull();
  });

  it('marks an incomplete row on its own field', async () => {
    render(<Harness initial={[{ organizationId: 1 }]} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ })));
    await screen.findByText('请选择角色');
  });

  it('shows the roles the account may not give disabled, with the server’s reason', async () => {
    const limited = [role(10, 1, '运营'), { ...role(11, 1, '财务'), manageable: false, manageNote: '角色“财务”含有您自己没有的菜单权限' }];
    render(<Harness initial={[{ organizationId: 1 }]} roleList={limited} />);
    await openSelect('第1行角色');
    await waitFor(() => expect(optionTexts()).toEqual(['运营', '财务']));
    const disabled = Array.from(document.querySelectorAll('.ant-select-item-option-disabled')).map((o) => [
      o.textContent,
      o.getAttribute('title'),
    ]);
    expect(disabled).toEqual([['财务', '财务：角色“财务”含有您自己没有的菜单权限']]);
  });
});
