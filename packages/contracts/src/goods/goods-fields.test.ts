import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barcodeCheckDigitOk, barcodeSchema, gs1CheckDigit, priceCentsSchema } from './goods-fields.ts';

describe('goods fields', () => {
  it('knows real barcodes', () => {
    // 农夫山泉 550ml (EAN-13), an EAN-8, a UPC-A
    for (const code of ['6921168509256', '96385074', '036000291452']) expect(barcodeCheckDigitOk(code)).toBe(true);
    for (const code of ['6921168509257', '96385075', '036000291453', '692116850925', 'abc', ''])
      expect(barcodeCheckDigitOk(code)).toBe(false);
  });

  it('accepts every body with its computed check digit and refuses every other last digit', () => {
    fc.assert(
      fc.property(fc.constantFrom(7, 11, 12), fc.nat(), (len, seed) => {
        const body = String(seed).padStart(len, '7').slice(-len);
        const check = gs1CheckDigit(body);
        expect(barcodeCheckDigitOk(body + check)).toBe(true);
        for (let d = 0; d < 10; d++) if (d !== check) expect(barcodeCheckDigitOk(body + d)).toBe(false);
      }),
    );
  });

  it('names the problem in Chinese', () => {
    const msg = (v: unknown) => barcodeSchema().safeParse(v).error?.issues[0]?.message;
    expect(msg('')).toBe('请输入商品条码');
    expect(msg('69211685092x')).toBe('商品条码只能是数字');
    expect(msg('123456')).toBe('商品条码应为13位（EAN-13）、8位（EAN-8）或12位（UPC-A）');
    expect(msg('6921168509257')).toBe('商品条码校验位不正确，请核对');
    expect(barcodeSchema().parse(' 6921168509256 ')).toBe('6921168509256');
    expect(priceCentsSchema('售价').safeParse(1.5).error?.issues[0]?.message).toBe('售价以分为单位，须为整数');
    expect(priceCentsSchema('售价', { min: 1 }).safeParse(0).error?.issues[0]?.message).toBe('售价须大于0');
  });
});
