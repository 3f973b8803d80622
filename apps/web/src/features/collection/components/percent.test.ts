import { agreementSaveInput, feeInput } from '@merchant/contracts/finance/collection';
import { describe, expect, it } from 'vitest';
import { bpPercent, bpToPercentValue, merchantBp, percentSchema, percentToBp } from './percent.ts';

const messageOf = (r: ReturnType<ReturnType<typeof percentSchema>['safeParse']>) => (r.success ? null : r.error?.issues[0]?.message);

describe('rates: basis points on the wire, % in the forms', () => {
  it('shows basis points as % with two decimals', () => {
    expect(bpPercent(60)).toBe('0.60%');
    expect(bpPercent(3000)).toBe('30.00%');
    expect(bpPercent(10_000)).toBe('100.00%');
    expect(bpPercent(-25)).toBe('-0.25%');
    expect(bpPercent(undefined)).toBe('--');
    expect(bpToPercentValue(2500)).toBe(25);
    expect(merchantBp(3000, 500, 60)).toBe(6440);
  });

  it('turns typed % into basis points exactly, keeping a third decimal for the schema to refuse', () => {
    expect(percentToBp('0.6')).toBe(60);
    expect(percentToBp(' 30 ')).toBe(3000);
    expect(percentToBp(0.29)).toBe(29);
    expect(percentToBp('12.5%')).toBe(1250);
    expect(percentToBp('0.605')).toBeCloseTo(60.5);
    expect(percentToBp('')).toBeUndefined();
    expect(percentToBp('abc')).toBeNaN();
  });

  it('checks typed % with the contract’s messages', () => {
    const owner = percentSchema(agreementSaveInput.shape.ownerBp, '柜主分成比例');
    expect(messageOf(owner.safeParse(''))).toBe('请输入柜主分成比例');
    expect(messageOf(owner.safeParse('0'))).toBe('柜主分成比例必须大于0');
    expect(messageOf(owner.safeParse('100.01'))).toBe('柜主分成比例不能超过100%');
    expect(messageOf(owner.safeParse('1.234'))).toBe('柜主分成比例须精确到0.01%');
    expect(messageOf(owner.safeParse('abc'))).toBe('柜主分成比例必须是数字');
    expect(owner.safeParse('100').success).toBe(true);
    const fee = percentSchema(feeInput.shape.feeBp, '平台手续费率');
    expect(messageOf(fee.safeParse('20.01'))).toBe('平台手续费率不能超过20%');
    expect(fee.safeParse('0').success).toBe(true);
  });
});
