import { adjustmentSaveInput } from '@merchant/contracts/price/price-adjustment';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromDetail,
  linesOf,
  parseMatchingCabinets,
  parsePrefill,
  priceSpan,
  quoteItemOf,
  toAdjustmentInput,
  type FormSku,
} from './adjustment-model.ts';

const sku = (skuId: number): FormSku => ({ skuId, skuCode: `S${skuId}`, skuName: `商品${skuId}` });

describe('parsePrefill (?scopeType=&scopeKeys=&skuIds=)', () => {
  it('reads a cabinet prefill, dropping bad ids and duplicates', () => {
    const p = parsePrefill(new URLSearchParams('scopeType=cabinet&scopeKeys=D2611000001,D2611000001, D2611000002&skuIds=3,x,0,3,-1,7'));
    expect(p).toEqual({ scopeType: 'cabinet', scopeKeys: ['D2611000001', 'D2611000002'], skuIds: [3, 7] });
  });
  it('ignores an unknown scope and keys that are not codes', () => {
    expect(parsePrefill(new URLSearchParams('scopeType=shop&scopeKeys=a b,ok_1'))).toEqual({ scopeKeys: ['ok_1'], skuIds: [] });
    expect(parsePrefill(new URLSearchParams(''))).toEqual({ scopeKeys: [], skuIds: [] });
  });
});

describe('parseMatchingCabinets (?cabinets=matching&skuIds=&deviceName=)', () => {
  it('reads the SKUs and the trimmed device-name filter', () => {
    expect(parseMatchingCabinets(new URLSearchParams('cabinets=matching&skuIds=3,x,3,7&deviceName=%20一号%20'))).toEqual({
      skuIds: [3, 7],
      deviceName: '一号',
    });
    expect(parseMatchingCabinets(new URLSearchParams('cabinets=matching&skuIds=3&deviceName='))).toEqual({ skuIds: [3] });
  });
  it('is null unless asked, or with no SKU', () => {
    expect(parseMatchingCabinets(new URLSearchParams('skuIds=3'))).toBeNull();
    expect(parseMatchingCabinets(new URLSearchParams('cabinets=all&skuIds=3'))).toBeNull();
    expect(parseMatchingCabinets(new URLSearchParams('cabinets=matching&skuIds=x'))).toBeNull();
  });
});

describe('linesOf / toAdjustmentInput', () => {
  it('makes every SKU × target a line at the SKU’s new price in cents', () => {
    const lines = linesOf([sku(1), sku(2)], ['D1', 'D2'], { 1: 3.5, 2: '12.30' as unknown as number });
    expect(lines).toEqual([
      { skuId: 1, scopeKey: 'D1', newPrice: 350 },
      { skuId: 1, scopeKey: 'D2', newPrice: 350 },
      { skuId: 2, scopeKey: 'D1', newPrice: 1230 },
      { skuId: 2, scopeKey: 'D2', newPrice: 1230 },
    ]);
  });
  it('sends the time only for 定时生效, trims the reason, and passes the server’s own schema', () => {
    const base = { scopeType: 'cabinet' as const, scopeKeys: ['D2611000001'], prices: { 5: 2.99 }, reason: '  节日促销 ' };
    const now = toAdjustmentInput({ ...base, effectiveMode: 'now', effectiveAt: 123 }, [sku(5)]);
    expect(now).toMatchObject({ effectiveMode: 'now', effectiveAt: null, reason: '节日促销' });
    expect(adjustmentSaveInput.safeParse(now).success).toBe(true);
    const later = toAdjustmentInput({ ...base, effectiveMode: 'scheduled', effectiveAt: 1_900_000_000_000 }, [sku(5)]);
    expect(later.effectiveAt).toBe(1_900_000_000_000);
    expect(adjustmentSaveInput.safeParse(later).success).toBe(true);
  });
  it('leaves a missing price for the server’s schema to name (新价格)', () => {
    const input = toAdjustmentInput(
      { scopeType: 'channel1', scopeKeys: ['container'], prices: {}, effectiveMode: 'now', effectiveAt: null, reason: '调价原因' },
      [sku(9)],
    );
    const r = adjustmentSaveInput.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('新价格');
  });
  it('property: lines = SKUs × targets, each price the SKU’s in cents', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1e6 }), { minLength: 1, maxLength: 10 }),
        fc.uniqueArray(fc.stringMatching(/^[A-Z0-9]{1,8}$/), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        (ids, keys, cents) => {
          const prices = Object.fromEntries(ids.map((id) => [String(id), cents / 100]));
          const lines = linesOf(ids.map(sku), keys, prices);
          return lines.length === ids.length * keys.length && lines.every((l) => l.newPrice === cents);
        },
      ),
    );
  });
});

describe('fromDetail (a draft back into the form)', () => {
  const line = (skuId: number, scopeKey: string, newPrice: number) => ({
    skuId,
    skuCode: `S${skuId}`,
    skuName: `商品${skuId}`,
    barcode: '',
    scopeKey,
    scopeName: scopeKey,
    oldPrice: 100,
    newPrice,
  });
  it('reads targets and SKUs in order with their price in 元, and names SKUs whose lines differ', () => {
    const r = fromDetail({
      scopeType: 'cabinet',
      effectiveMode: 'scheduled',
      effectiveAt: 1_800_000_000_000,
      reason: '换季',
      lines: [line(1, 'D2', 350), line(1, 'D1', 350), line(2, 'D2', 500), line(2, 'D1', 520)],
    });
    expect(r.values).toEqual({
      scopeType: 'cabinet',
      scopeKeys: ['D2', 'D1'],
      prices: { 1: 3.5, 2: 5 },
      effectiveMode: 'scheduled',
      effectiveAt: 1_800_000_000_000,
      reason: '换季',
    });
    expect(r.skus.map((s) => s.skuId)).toEqual([1, 2]);
    expect(r.mixed).toEqual([2]);
  });
  it('round-trips: the lines a form made read back to the same form', () => {
    const skus = [sku(4), sku(8)];
    const values = {
      scopeType: 'channel2' as const,
      scopeKeys: ['12', '13'],
      prices: { 4: 1.5, 8: 20 },
      effectiveMode: 'now' as const,
      effectiveAt: null,
      reason: '原因',
    };
    const lines = linesOf(skus, values.scopeKeys, values.prices).map((l) => line(Number(l.skuId), String(l.scopeKey), Number(l.newPrice)));
    const back = fromDetail({ scopeType: 'channel2', effectiveMode: 'now', effectiveAt: null, reason: '原因', lines });
    expect(back.values).toEqual(values);
    expect(back.mixed).toEqual([]);
  });
});

describe('quoteItemOf / priceSpan', () => {
  it('asks the resolver about the scope’s target', () => {
    expect(quoteItemOf('cabinet', 'D2611000001', 1)).toEqual({ skuId: 1, deviceCode: 'D2611000001' });
    expect(quoteItemOf('channel2', '12', 1)).toEqual({ skuId: 1, secondChannelId: 12 });
    expect(quoteItemOf('channel1', 'mall', 1)).toEqual({ skuId: 1, channelCode: 'mall' });
    expect(quoteItemOf('localLife', '5', 1)).toEqual({ skuId: 1, channelCode: 'locallife', storeId: 5 });
    expect(quoteItemOf('localLife', 'all', 1)).toEqual({ skuId: 1, channelCode: 'locallife' });
  });
  it('spans prices', () => {
    expect(priceSpan([])).toBeNull();
    expect(priceSpan([300, 250, 300])).toEqual({ min: 250, max: 300 });
  });
});
