import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Form, Input } from 'antd';
import { registerInput, signInOps } from '@merchant/contracts/permission/sign-in';
import { call } from '../../../platform/call.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PhoneCodePasswordFields } from '../components/phone-code-password-fields.tsx';

interface RegisterValues {
  merchantName: string;
  userName: string;
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

const rules = registerInput.shape;

export default function RegisterPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: RegisterValues) => {
    setBusy(true);
    try {
      const res = await call(signInOps.register, {
        merchantName: v.merchantName.trim(),
        userName: v.userName.trim(),
        phone: v.phone.trim(),
        code: v.code.trim(),
        password: v.password,
      });
      message.success('注册成功，请使用新账号登录');
      navigate(`/login?user=${encodeURIComponent(res?.userName ?? v.userName.trim())}`, { replace: true });
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="商户注册" subtitle="注册后即可使用商户管理系统" footer={<Link to="/login">已有账号？去登录</Link>}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label="商户名称" name="merchantName" rules={[zodRule(rules.merchantName)]}>
          <Input placeholder="营业执照上的商户名称" maxLength={50} />
        </Form.Item>
        <Form.Item label="账号" name="userName" rules={[zodRule(rules.userName)]} extra="字母、数字和 _ . @ -，2–32 位">
          <Input placeholder="用于登录的账号" autoComplete="username" maxLength={32} />
        </Form.Item>
        <PhoneCodePasswordFields form={form} purpose="register" phonePlaceholder="管理员手机号" passwordLabel="密码" />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          注册
        </Button>
      </Form>
    </AuthLayout>
  );
}
