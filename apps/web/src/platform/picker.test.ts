import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allSelected,
  charUnits,
  confirmedCodes,
  controlWidth,
  normalizeStoredChoice,
  pickerMode,
  pickerOptions,
  popoverHeight,
  popoverListHeight,
  sameChoice,
  selectAllLabel,
  selectorWidth,
  toggleAll,
  toggleAllLabel,
} from './picker.ts';
import { user } from '../test/fixtures.ts';

const opts = [
  { code: 'A', name: '美团' },
  { code: 'B', name: '饿了么' },
  { code: 'C', name: '抖音' },
];
const channels = { haveFlag: true, selectList: opts, siteList: [{ code: 'S1', name: '站点一' }] };

describe('picker mode (spec §5)', () => {
  it('mode 1 channels when flagged and the user lacks useSite; mode 2 sites with useSite; 0 without the flag', () => {
    expect(pickerMode(channels, user())).toBe(1);
    expect(pickerMode(channels, user({ ability: { useSite: true } }))).toBe(2);
    expect(pickerMode({ ...channels, haveFlag: false }, user())).toBe(0);
    expect(pickerMode(null, user())).toBe(0);
    expect(pickerOptions(channels, 1)).toBe(opts);
    expect(pickerOptions(channels, 2)).toEqual([{ code: 'S1', name: '站点一' }]);
    expect(pickerOptions(channels, 0)).toEqual([]);
  });
});

describe('stored choice (spec §5)', () => {
  it('is discarded when longer than the available options', () => {
    expect(normalizeStoredChoice([...opts, { code: 'D', name: 'x' }], opts)).toBeNull();
    expect(normalizeStoredChoice([opts[0]], opts)).toEqual([opts[0]]);
    expect(normalizeStoredChoice(null, opts)).toBeNull();
  });
  it('the last confirmed choice defaults to every option', () => {
    expect(confirmedCodes(null, opts)).toEqual(['A', 'B', 'C']);
    expect(confirmedCodes([opts[1]], opts)).toEqual(['B']);
    expect(confirmedCodes([], opts)).toEqual([]);
  });
  it('compares choices as sets', () => {
    expect(sameChoice(['A', 'B'], ['B', 'A'])).toBe(true);
    expect(sameChoice(['A'], ['A', 'B'])).toBe(false);
  });
});

describe('select all (spec §4)', () => {
  it('toggles between all and none, with the matching label', () => {
    expect(toggleAll([], opts)).toEqual(['A', 'B', 'C']);
    expect(toggleAll(['A'], opts)).toEqual(['A', 'B', 'C']);
    expect(toggleAll(['A', 'B', 'C'], opts)).toEqual([]);
    expect(toggleAllLabel(['A', 'B', 'C'], opts)).toBe('取消全选');
    expect(toggleAllLabel(['A'], opts)).toBe('全选');
    expect([selectAllLabel(true), selectAllLabel(false)]).toEqual(['取消全选', '全选']);
    expect(allSelected([], [])).toBe(false);
  });
});

describe('sizes (spec §9)', () => {
  it('popover: 32 px per option + 4, between 132 and 260', () => {
    expect(popoverHeight(0)).toBe(132);
    expect(popoverHeight(4)).toBe(132);
    expect(popoverHeight(5)).toBe(164);
    expect(popoverHeight(8)).toBe(260);
    expect(popoverHeight(100)).toBe(260);
    fc.assert(fc.property(fc.nat(500), (n) => popoverHeight(n) >= 132 && popoverHeight(n) <= 260));
  });
  it('the rows inside the box: every option wholly shown while 32 × n + 4 fits in 260 (n ≤ 8)', () => {
    expect(popoverListHeight(4)).toBe(128);
    fc.assert(fc.property(fc.nat(500), (n) => popoverListHeight(n) + 4 === popoverHeight(n) && (n > 8 || popoverListHeight(n) >= 32 * n)));
  });
  it('selector width: 14 px per character unit, between 50 and 300', () => {
    expect(charUnits('总部')).toBe(2);
    expect(charUnits('ab')).toBe(1);
    expect(selectorWidth('总部')).toBe(50);
    expect(selectorWidth('上海运营中心')).toBe(84);
    expect(selectorWidth('上海运营中心', 3)).toBe(126);
    expect(selectorWidth('很'.repeat(40))).toBe(300);
    fc.assert(fc.property(fc.string(), (s) => selectorWidth(s) >= 50 && selectorWidth(s) <= 300));
  });

  it('a control is its text (units, or the measured width when wider) plus its padding and arrow, within 50–300', () => {
    // "UX角色0123456789ABCDEF": 11 units = 154 px by the rule; its letters measure 181 px.
    const name = 'UX角色0123456789ABCDEF';
    expect(controlWidth(name, { chromePx: 42 })).toBe(154 + 42);
    expect(controlWidth(name, { chromePx: 42, measure: () => 180.4 })).toBe(181 + 42);
    // A measure narrower than the rule (or none, as in tests) keeps the rule.
    expect(controlWidth('上海运营中心', { chromePx: 42, measure: () => 80 })).toBe(84 + 42);
    expect(controlWidth('上海运营中心', { chromePx: 42, measure: () => null })).toBe(84 + 42);
    expect(controlWidth('总', { chromePx: 0 })).toBe(50);
    expect(controlWidth('很'.repeat(40), { chromePx: 42 })).toBe(300);
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 80 }), fc.option(fc.integer({ min: 0, max: 2000 })), (s, chromePx, m) => {
        const w = controlWidth(s, { chromePx, measure: () => m });
        return w >= 50 && w <= 300;
      }),
    );
  });
});
