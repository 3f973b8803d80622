import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { startSession } from '../../../platform/session-store.ts';
import { safeRedirect } from '../../../platform/redirect.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

/**
 * Single sign-on hand-over: another system sends the user here with `?token=…&redirect=…`.
 * The token starts a fresh session (it is then checked by the normal session load, which logs
 * out on an invalid token); the redirect is followed only for same-origin /website pages, and the
 * token is dropped from the address bar and history.
 */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  const [target] = useState(() => safeRedirect(params.get('redirect')) ?? '/website/home');

  useEffect(() => {
    if (!token) return;
    startSession(token);
    navigate(target, { replace: true });
  }, [token, target, navigate]);

  if (token) {
    return (
      <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin description="正在登录…" size="large">
          <div style={{ width: 160, height: 80 }} />
        </Spin>
      </div>
    );
  }
  return (
    <AuthLayout title="登录跳转">
      <Result
        status="warning"
        title="缺少登录凭证"
        subTitle="跳转链接不完整或已失效，请重新登录。"
        extra={
          <Link to="/login">
            <Button type="primary">去登录</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}
