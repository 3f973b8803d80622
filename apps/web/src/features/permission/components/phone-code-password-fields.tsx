import { Form, Input, Space, type FormInstance } from 'antd';
import { passwordSchema, phoneSchema, verifyCodeSchema } from '@merchant/contracts';
import type { VerifyPurpose } from '@merchant/contracts/permission/sign-in';
import { sameAs, zodRule } from '../../../shared/ui/zod-rule.ts';
import { SmsCodeButton } from './sms-code-button.tsx';

interface Props {
  form: FormInstance;
  purpose: VerifyPurpose;
  phonePlaceholder: string;
  /** 密码 when registering, 新密码 when resetting. */
  passwordLabel: string;
}

/** 手机号, 验证码 (with its send button), password and confirmation — shared by register and find-password. */
export function PhoneCodePasswordFields({ form, purpose, phonePlaceholder, passwordLabel }: Props) {
  // The code button asks for a valid phone first; null keeps it from sending.
  const phoneForCode = async () => {
    try {
      return String((await form.validateFields(['phone'])).phone).trim();
    } catch {
      return null;
    }
  };
  return (
    <>
      <Form.Item label="手机号" name="phone" rules={[zodRule(phoneSchema)]}>
        <Input placeholder={phonePlaceholder} maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[zodRule(verifyCodeSchema)]}>
            <Input placeholder="6位数字验证码" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <SmsCodeButton purpose={purpose} getPhone={phoneForCode} size="middle" />
        </Space.Compact>
      </Form.Item>
      <Form.Item label={passwordLabel} name="password" rules={[zodRule(passwordSchema)]} extra="8–32 位，须同时包含字母和数字">
        <Input.Password autoComplete="new-password" maxLength={32} />
      </Form.Item>
      <Form.Item label={`确认${passwordLabel}`} name="confirm" dependencies={['password']} rules={[sameAs('password')]}>
        <Input.Password autoComplete="new-password" maxLength={32} />
      </Form.Item>
    </>
  );
}
