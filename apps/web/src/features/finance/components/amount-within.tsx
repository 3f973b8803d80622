import { Alert, Form, InputNumber, type FormRule } from 'antd';
import { yuanToCentsExact } from './amount.ts';
import { exactYuan, Figure } from './finance-parts.tsx';

interface AmountWithinProps {
  /** The alert's kind (warning for a freeze, info for a withdrawal). */
  type: 'info' | 'warning';
  /** The most the amount may be, in cents (可用 for a freeze, 可提现 for a withdrawal). */
  max: number;
  /** The name of `max` in the alert (可用余额, 可提现) and in the error under the field (可用余额, 可提现余额). */
  balanceLabel: string;
  maxLabel: string;
  /** The test id of the alert's figure. */
  testId: string;
  /** What the amount does, under the figure. */
  description: string;
  /** The amount's name (冻结金额): the field's label, with its unit, and the error's subject. */
  label: string;
  /** The contract's rule for the amount in 元 (amount.ts yuanAmountSchema), checked before `max`. */
  rule: FormRule;
}

/**
 * The amount of a freeze or a withdrawal and what it may not exceed: an alert with the balance (exact 元) and what the
 * amount does, then the field `amount` in 元 — required, checked by the contract's rule and then against the balance
 * (`{label}不能超过{maxLabel} X 元`).
 */
export function AmountWithin({ type, max, balanceLabel, maxLabel, testId, description, label, rule }: AmountWithinProps) {
  return (
    <>
      <Alert
        type={type}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          <Figure label={balanceLabel} testId={testId}>
            {exactYuan(max)} 元
          </Figure>
        }
        description={description}
      />
      <Form.Item
        label={`${label}（元）`}
        name="amount"
        required
        validateFirst
        rules={[
          rule,
          {
            validator: async (_r, v: unknown) => {
              const cents = yuanToCentsExact(v);
              if (cents !== undefined && cents > max) throw new Error(`${label}不能超过${maxLabel} ${exactYuan(max)} 元`);
            },
          },
        ]}
      >
        <InputNumber<number | string> style={{ width: '100%' }} placeholder={`最多 ${exactYuan(max)}`} suffix="元" />
      </Form.Item>
    </>
  );
}
