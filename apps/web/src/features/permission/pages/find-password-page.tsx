import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Form } from 'antd';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PhoneCodePasswordFields } from '../components/phone-code-password-fields.tsx';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { call } from '../../../platform/call.ts';

interface ResetValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

export default function FindPasswordPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: ResetValues) => {
    setBusy(true);
    try {
      await call(signInOps.resetPassword, { phone: v.phone.trim(), code: v.code.trim(), password: v.password });
      message.success('密码已重置，请使用新密码登录');
      navigate('/login', { replace: true });
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="找回密码" subtitle="通过绑定的手机号验证后设置新密码" footer={<Link to="/login">返回登录</Link>}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <PhoneCodePasswordFields form={form} purpose="reset" phonePlaceholder="账号绑定的手机号" passwordLabel="新密码" />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          重置密码
        </Button>
      </Form>
    </AuthLayout>
  );
}
