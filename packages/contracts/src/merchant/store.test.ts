import { describe, expect, it } from 'vitest';
import { formatBusinessHours, storeCreateInput } from './store.ts';

describe('stores', () => {
  it('formats business hours across midnight', () => {
    expect(formatBusinessHours('08:00', '22:00')).toBe('08:00-22:00');
    expect(formatBusinessHours('22:00', '06:00')).toBe('22:00-次日06:00');
  });
  it('refuses equal opening and closing times, naming the field', () => {
    const base = {
      name: '测试门店',
      categoryCode: 'retail-cvs',
      contactName: '张三',
      contactPhone: '021-64581234',
      province: '上海市',
      city: '上海市',
      address: '桂平路391号',
      lng: 121.4,
      lat: 31.2,
      openTime: '08:00',
      closeTime: '08:00',
      businessDays: [1],
    };
    const r = storeCreateInput.safeParse(base);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['closeTime'], message: '结束营业时间不能与开始营业时间相同' });
    expect(storeCreateInput.safeParse({ ...base, closeTime: '02:00' }).success).toBe(true);
  });
});
