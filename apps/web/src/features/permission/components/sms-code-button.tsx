import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { AUTH_LIMITS, GATEWAY_PATHS } from '@merchant/contracts';
import type { VerifyCodeSent, VerifyPurpose } from '@merchant/contracts/permission/sign-in';
import { http } from '../../../platform/http-client.ts';

/**
 * 获取验证码: validates the phone field first, then asks the server to send a code and counts
 * down the resend wait the server answers with.
 */
export function SmsCodeButton({
  purpose,
  getPhone,
  size = 'large',
}: {
  purpose: VerifyPurpose;
  getPhone: () => Promise<string | null>;
  size?: 'large' | 'middle';
}) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const onClick = async () => {
    const phone = await getPhone();
    if (!phone) return;
    setSending(true);
    try {
      // Not an operation: the verify-code endpoint (spec §7 getVerifyCode/v2).
      const res = await http.post<VerifyCodeSent>(GATEWAY_PATHS.verifyCode, { phone, purpose });
      setLeft(res?.resendAfter ?? AUTH_LIMITS.codeResendSeconds);
      message.success('验证码已发送，请注意查收短信');
    } catch {
      // the catalogue showed the server's reason (too frequent, bad phone…)
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size={size} onClick={onClick} loading={sending} disabled={left > 0} style={{ minWidth: 120 }}>
      {left > 0 ? `${left} 秒后重发` : '获取验证码'}
    </Button>
  );
}
