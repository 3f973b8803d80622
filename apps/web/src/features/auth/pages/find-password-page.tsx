import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Form, Input, Space } from 'antd';
import { resetPasswordInput } from '@merchant/contracts';
import { sameAs, zodRule } from '../../../shared/ui/zod-rule.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { SmsCodeButton } from '../components/sms-code-button.tsx';
import { resetPassword } from '../api.ts';

interface ResetValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

const rules = resetPasswordInput.shape;

export default function FindPasswordPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: ResetValues) => {
    setBusy(true);
    try {
      await resetPassword({ phone: v.phone.trim(), code: v.code.trim(), password: v.password });
      message.success('密码已重置，请使用新密码登录');
      navigate('/login', { replace: true });
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  const phoneForCode = async () => {
    try {
      return (await form.validateFields(['phone'])).phone.trim();
    } catch {
      return null;
    }
  };

  return (
    <AuthLayout title="找回密码" subtitle="通过绑定的手机号验证后设置新密码" footer={<Link to="/login">返回登录</Link>}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label="手机号" name="phone" rules={[zodRule(rules.phone)]}>
          <Input placeholder="账号绑定的手机号" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[zodRule(rules.code)]}>
              <Input placeholder="6位数字验证码" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <SmsCodeButton purpose="reset" getPhone={phoneForCode} size="middle" />
          </Space.Compact>
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={[zodRule(rules.password)]} extra="8–32 位，须同时包含字母和数字">
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirm" dependencies={['password']} rules={[sameAs('password')]}>
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          重置密码
        </Button>
      </Form>
    </AuthLayout>
  );
}
