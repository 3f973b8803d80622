import { freezeInput } from '@merchant/contracts/finance/freeze';
import { withdrawalApplyInput } from '@merchant/contracts/finance/withdrawal';
import { describe, expect, it } from 'vitest';
import { yuanAmountSchema, yuanToCentsExact } from './amount.ts';

describe('元 typed → cents, exactly', () => {
  it('converts two-decimal amounts without float error and keeps a third decimal as a fraction', () => {
    expect(yuanToCentsExact('0.29')).toBe(29);
    expect(yuanToCentsExact(1.15)).toBe(115);
    expect(yuanToCentsExact('100.5')).toBe(10_050);
    expect(yuanToCentsExact(10_000_000)).toBe(1_000_000_000);
    expect(yuanToCentsExact('1.234')).toBeCloseTo(123.4);
    expect(yuanToCentsExact('')).toBeUndefined();
    expect(yuanToCentsExact(null)).toBeUndefined();
    expect(yuanToCentsExact('abc')).toBeNaN();
  });

  it('checks the amount with the contract’s rule, which names the field when it is empty', () => {
    const schema = yuanAmountSchema(withdrawalApplyInput.shape.amount);
    const message = (v: unknown) => schema.safeParse(v).error?.issues[0]?.message;
    expect(message(undefined)).toBe('请输入提现金额');
    expect(message('')).toBe('请输入提现金额');
    expect(message('  ')).toBe('请输入提现金额');
    expect(message('1.234')).toBe('提现金额须精确到分');
    expect(message('0')).toBe('提现金额必须大于0');
    expect(message('abc')).toBe('提现金额必须是数字');
    expect(message('10000000.01')).toBe('提现金额不能超过10000000元');
    expect(schema.safeParse('12.34').success).toBe(true);
    const freeze = yuanAmountSchema(freezeInput.shape.amount);
    expect(freeze.safeParse('').error?.issues[0]?.message).toBe('请输入冻结金额');
    expect(freeze.safeParse('-1').error?.issues[0]?.message).toBe('冻结金额必须大于0');
  });
});
