import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { sameAs } from '../../../shared/ui/zod-rule.ts';
import { accountOps } from '@merchant/contracts/system/account';
import { call } from '../../../platform/call.ts';
import { accountRules } from '../form-rules.ts';

interface Values {
  password: string;
  confirm: string;
}

/** Sets a new password for an account; its open sessions end. */
export function ResetPasswordModal({ account, onClose }: { account: { id: number; userName: string } | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const reset = useMutation({
    mutationFn: (v: Values) => call(accountOps.resetPassword, { id: account!.id, password: v.password }),
    onSuccess: () => {
      message.success(`账号“${account?.userName}”的密码已重置`);
      onClose();
    },
  });

  return (
    <Modal
      open={!!account}
      title={`重置密码：${account?.userName ?? ''}`}
      okText="确认重置"
      onOk={() => form.submit()}
      confirmLoading={reset.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Alert
        type="warning"
        showIcon
        style={{ margin: '12px 0 20px' }}
        title="重置后该账号所有已登录的会话将立即失效，需要用新密码重新登录。"
      />
      <Form<Values> form={form} layout="vertical" onFinish={(v) => reset.mutate(v)} preserve={false}>
        <Form.Item
          name="password"
          label="新密码"
          rules={accountRules.password}
          validateFirst
          extra="8-32位，须同时包含字母和数字，不能有空格"
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item name="confirm" label="确认新密码" required dependencies={['password']} rules={[sameAs('password')]}>
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
