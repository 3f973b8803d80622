import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Space, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { loginPasswordInput, loginSmsInput, signInOps } from '@merchant/contracts/permission/sign-in';
import { call } from '../../../platform/call.ts';
import { startSession } from '../../../platform/session-store.ts';
import { peekLoginNotice } from '../../../platform/notify.ts';
import { safeRedirect } from '../../../platform/redirect.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { SmsCodeButton } from '../components/sms-code-button.tsx';

type Mode = 'password' | 'sms';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('password');
  const [busy, setBusy] = useState(false);
  const [notice] = useState(() => peekLoginNotice());
  const [pwdForm] = Form.useForm<{ userName: string; password: string }>();
  const [smsForm] = Form.useForm<{ phone: string; code: string }>();

  const done = (token: string) => {
    startSession(token);
    // Back to where the visitor meant to go (spec §2), same-origin pages only.
    navigate(safeRedirect(params.get('redirect')) ?? '/website/home', { replace: true });
  };

  const submitPassword = async (v: { userName: string; password: string }) => {
    setBusy(true);
    try {
      const res = await call(signInOps.loginPassword, { userName: v.userName.trim(), password: v.password });
      done(res.token);
    } catch {
      // the catalogue showed the reason (wrong password, locked…)
    } finally {
      setBusy(false);
    }
  };

  const submitSms = async (v: { phone: string; code: string }) => {
    setBusy(true);
    try {
      const res = await call(signInOps.loginSms, { phone: v.phone.trim(), code: v.code.trim() });
      done(res.token);
    } catch {
      // see above
    } finally {
      setBusy(false);
    }
  };

  const phoneForCode = async () => {
    try {
      const v = await smsForm.validateFields(['phone']);
      return v.phone.trim();
    } catch {
      return null;
    }
  };

  return (
    <AuthLayout
      title="欢迎登录"
      subtitle="商户管理系统"
      footer={
        <Space separator="·">
          <Link to="/acpable-app">支持的应用</Link>
          <Link to="/health">系统检测</Link>
        </Space>
      }
    >
      {notice ? <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as Mode)}
        items={[
          {
            key: 'password',
            label: '账号登录',
            children: (
              <Form
                form={pwdForm}
                layout="vertical"
                requiredMark={false}
                onFinish={submitPassword}
                initialValues={{ userName: params.get('user') ?? '' }}
              >
                <Form.Item label="账号" name="userName" rules={[zodRule(loginPasswordInput.shape.userName)]}>
                  <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" size="large" />
                </Form.Item>
                <Form.Item label="密码" name="password" rules={[zodRule(loginPasswordInput.shape.password)]}>
                  <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" size="large" />
                </Form.Item>
                <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                  登录
                </Button>
              </Form>
            ),
          },
          {
            key: 'sms',
            label: '短信登录',
            children: (
              <Form form={smsForm} layout="vertical" requiredMark={false} onFinish={submitSms}>
                <Form.Item label="手机号" name="phone" rules={[zodRule(loginSmsInput.shape.phone)]}>
                  <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} size="large" autoComplete="tel" />
                </Form.Item>
                <Form.Item label="验证码" required>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="code" noStyle rules={[zodRule(loginSmsInput.shape.code)]}>
                      <Input
                        prefix={<SafetyOutlined />}
                        placeholder="6位数字验证码"
                        maxLength={6}
                        size="large"
                        autoComplete="one-time-code"
                      />
                    </Form.Item>
                    <SmsCodeButton purpose="login" getPhone={phoneForCode} />
                  </Space.Compact>
                </Form.Item>
                <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                  登录
                </Button>
              </Form>
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/register">注册商户</Link>
        <Link to="/find-password">忘记密码？</Link>
      </div>
    </AuthLayout>
  );
}
