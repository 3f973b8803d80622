import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../shared/format/date.ts';
import { crossIssues, formFieldOf, fromRow, NEW_BATCH, previewRule, toBatchFields, type BatchFormValues } from './batch-form-model.ts';
import { batchRow } from './coupon-fixtures.ts';

const base: BatchFormValues = { ...NEW_BATCH, name: '满减券', validType: 'days', validDays: 7, totalStock: 100, perUserLimit: 1 };

describe('batch form values ⇄ the contract’s fields', () => {
  it('sends money in cents and only the amounts the type uses (the others 0)', () => {
    const common = { name: '满减券', validType: 'days', validDays: 7, totalStock: 100, perUserLimit: 1 };
    expect(
      toBatchFields({ ...base, couponType: 'full_reduce', thresholdAmount: 100, reduceAmount: 20.5, discount: 8, maxDiscount: 3 }),
    ).toMatchObject({ ...common, thresholdAmount: 10_000, reduceAmount: 2_050, discountPercent: 0, maxDiscount: 0 });
    expect(toBatchFields({ ...base, couponType: 'no_threshold', thresholdAmount: 100, reduceAmount: 5 })).toMatchObject({
      thresholdAmount: 0,
      reduceAmount: 500,
      discountPercent: 0,
      maxDiscount: 0,
    });
    expect(toBatchFields({ ...base, couponType: 'discount', discount: 8.5, maxDiscount: 10, reduceAmount: 5 })).toMatchObject({
      thresholdAmount: 0,
      reduceAmount: 0,
      discountPercent: 85,
      maxDiscount: 1_000,
    });
  });

  it('sends a range as epoch ms read on the business clock, or the days — never both; SKUs only when 指定商品', () => {
    const r = batchRow({ validType: 'range', validFrom: 1_795_000_000_000, validTo: 1_795_600_000_000, validDays: null });
    const v = fromRow(r);
    expect(v.validRange![0]!.format('YYYY-MM-DD HH:mm:ss')).toBe(formatDateTime(r.validFrom)); // the business clock's wall time
    const f = toBatchFields(v);
    expect(f).toMatchObject({ validType: 'range', validFrom: 1_795_000_000_000, validTo: 1_795_600_000_000 });
    expect('validDays' in f).toBe(false);
    const d = toBatchFields({ ...v, validType: 'days', validDays: 30 });
    expect(d.validDays).toBe(30);
    expect('validFrom' in d || 'validTo' in d).toBe(false);
    expect(toBatchFields({ ...base, goodsScope: 'all', skuIds: [1, 2] }).skuIds).toEqual([]);
    expect(toBatchFields({ ...base, goodsScope: 'skus', skuIds: [1, 2] }).skuIds).toEqual([1, 2]);
  });

  it('starts an edit from the row: cents as 元, % as 折, empty where the type has none', () => {
    const v = fromRow(batchRow({ couponType: 'discount', thresholdAmount: 0, reduceAmount: 0, discountPercent: 85, maxDiscount: 1_000 }));
    expect(v).toMatchObject({
      couponType: 'discount',
      discount: 8.5,
      maxDiscount: 10,
      thresholdAmount: undefined,
      reduceAmount: undefined,
    });
    expect(fromRow(batchRow({ skus: [{ skuId: 7, skuCode: 'K7', name: '可乐' }], goodsScope: 'skus' })).skuIds).toEqual([7]);
  });

  it('checks the contract’s rules between fields, each under its form field, whatever else is still missing', () => {
    expect(crossIssues({ ...base, couponType: 'full_reduce', thresholdAmount: 10, reduceAmount: 10 })).toEqual([
      { field: 'reduceAmount', message: '优惠金额须小于使用门槛' },
    ]);
    // a missing 发行总量 and name do not hide them
    expect(crossIssues({ ...base, name: '', totalStock: undefined, couponType: 'discount', discount: 0.5 })).toEqual([
      { field: 'discount', message: '折扣须在1折到9.9折之间' },
    ]);
    expect(crossIssues({ ...base, perUserLimit: 5, totalStock: 3, couponType: 'no_threshold', reduceAmount: 1 })).toEqual([
      { field: 'perUserLimit', message: '每人限领不能超过发行总量' },
    ]);
    expect(crossIssues({ ...base, couponType: 'no_threshold', reduceAmount: 1, validType: 'range', validRange: null })).toEqual([
      { field: 'validRange', message: '请选择生效时间' },
      { field: 'validRange', message: '请选择失效时间' },
    ]);
    expect(crossIssues({ ...base, couponType: 'no_threshold', reduceAmount: 1, goodsScope: 'skus', skuIds: [] })).toEqual([
      { field: 'skuIds', message: '请选择适用商品' },
    ]);
    expect(crossIssues({ ...base, couponType: 'no_threshold', reduceAmount: 1 })).toEqual([]);
    expect(formFieldOf('validTo')).toBe('validRange');
    expect(formFieldOf('discountPercent')).toBe('discount');
    expect(formFieldOf('skuIds')).toBe('skuIds');
    expect(formFieldOf('nothing')).toBeNull();
  });

  it('previews the rule in words with the contract’s couponRuleText', () => {
    expect(previewRule({ couponType: 'full_reduce', thresholdAmount: 100, reduceAmount: 20 })).toBe('满100.00减20.00');
    expect(previewRule({ couponType: 'no_threshold', reduceAmount: 5 })).toBe('无门槛减5.00');
    expect(previewRule({ couponType: 'discount', discount: 8.5, thresholdAmount: 50, maxDiscount: 10 })).toBe(
      '满50.00享8.5折（最多减10.00）',
    );
    expect(previewRule({ couponType: 'discount' })).toBeNull();
  });
});
