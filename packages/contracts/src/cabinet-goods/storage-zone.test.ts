import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suitsZone, ZONE_ACCEPTS, zoneAcceptsText, zoneRefusal } from './storage-zone.ts';

describe('storage zones', () => {
  it('常温 holds 常温 only, 冷藏 holds 冷藏 and 常温, 冷冻 holds 冷冻 only', () => {
    expect([1, 2, 3].map((s) => suitsZone(1, s))).toEqual([true, false, false]);
    expect([1, 2, 3].map((s) => suitsZone(2, s))).toEqual([true, true, false]);
    expect([1, 2, 3].map((s) => suitsZone(3, s))).toEqual([false, false, true]);
    expect(zoneAcceptsText(2)).toBe('冷藏、常温');
  });

  it('an unknown zone or style suits nothing', () => {
    expect(suitsZone(9, 1)).toBe(false);
    expect(suitsZone(1, 0)).toBe(false);
  });

  it('the refusal names the slot, the SKU and both temperatures', () => {
    expect(zoneRefusal('1-2', '安井速冻水饺 500g', 3, 1)).toBe(
      '货道1-2的商品「安井速冻水饺 500g」为冷冻商品，不能放入常温柜（常温柜只能放常温商品）',
    );
  });

  it('property: every zone accepts its own style, and a style is accepted by at most two zones', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3), (z) => {
        expect(suitsZone(z, z)).toBe(true);
        const zones = [1, 2, 3].filter((zone) => suitsZone(zone, z));
        expect(zones.length).toBeLessThanOrEqual(2);
        expect(zones).toEqual(
          Object.entries(ZONE_ACCEPTS)
            .filter(([, a]) => (a as readonly number[]).includes(z))
            .map(([k]) => Number(k)),
        );
      }),
    );
  });
});
