import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { AUTH_LIMITS } from '@merchant/contracts';
import { type VerifyPurpose } from '@merchant/contracts/permission/sign-in';
import { sendVerifyCode } from '../api.ts';

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
      const res = await sendVerifyCode(phone, purpose);
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
