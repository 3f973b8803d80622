import { CAPITAL_ANCHOR, CAPITAL_ANCHORS, SMART_CAPITAL_ANCHOR, SUPPLIER_CAPITAL_ANCHOR } from '@merchant/contracts/finance/capital';
import { describe, expect, it } from 'vitest';
import type { TitleContext } from '../../platform/route-types.ts';
import {
  CAPITAL_LIST_ANCHOR,
  CAPITAL_LIST_PATH,
  CAPITAL_PAGE_ANCHORS,
  capitalCardPath,
  capitalDetailPath,
  capitalFrozenPath,
  capitalRecordPath,
  SMART_CAPITAL_LIST_ANCHOR,
  SUPPLIER_CAPITAL_LIST_ANCHOR,
} from './finance-paths.ts';
import { routes } from './routes.ts';

// 资金账户 (section 106): every route exists under /website/finance, is lazy, titled and in section 106; the three lists
// open under their own anchors; an account's pages take the code in their title, open from any list and keep 资金账户
// active.

const byName = new Map(routes.map((r) => [r.name, r]));
const titleOf = (name: string, params: Record<string, string | undefined> = {}) => {
  const t = byName.get(name)?.title;
  const ctx: TitleContext = { params, search: new URLSearchParams() };
  return typeof t === 'function' ? t(ctx) : t;
};

describe('finance routes (资金账户)', () => {
  it('registers the seven routes, lazily, titled, in section 106', () => {
    expect(routes.map((r) => `/website/${r.path}`).sort()).toEqual(
      [
        '/website/finance/capital-list',
        '/website/finance/capital-list-supplier',
        '/website/finance/capital-list-supplier-smart-container',
        '/website/finance/capital-detail/:id',
        '/website/finance/capital-record/:id',
        '/website/finance/capital-card/:id',
        '/website/finance/capital-frozen/:id',
      ].sort(),
    );
    for (const r of routes) {
      expect(r.serverId).toBe(106);
      expect(String(r.page)).toMatch(/import(__)?\(/);
      expect(titleOf(r.name, { id: 'FP00000001' })).toMatch(/\S/);
    }
  });

  it('opens each list at its own anchor (the contracts’ anchors), with its title', () => {
    expect(CAPITAL_LIST_ANCHOR).toBe(CAPITAL_ANCHOR);
    expect(SUPPLIER_CAPITAL_LIST_ANCHOR).toBe(SUPPLIER_CAPITAL_ANCHOR);
    expect(SMART_CAPITAL_LIST_ANCHOR).toBe(SMART_CAPITAL_ANCHOR);
    expect(CAPITAL_PAGE_ANCHORS).toEqual(CAPITAL_ANCHORS);
    for (const [name, title] of [
      ['capital-list', '资金账户'],
      ['capital-list-supplier', '供应商资金'],
      ['capital-list-supplier-smart-container', '智能柜供应商资金'],
    ] as const) {
      const r = byName.get(name)!;
      expect(r.anchor).toBe(name);
      expect(r.alsoAnchors).toBeUndefined();
      expect(r.activeMenu).toBeUndefined();
      expect(titleOf(name)).toBe(title);
    }
  });

  it('titles an account’s pages by its code, opens them from any list and keeps 资金账户 active', () => {
    for (const [name, title] of [
      ['capital-detail', '资金账户详情-FP00000001'],
      ['capital-record', '资金流水-FP00000001'],
      ['capital-card', '银行卡-FP00000001'],
      ['capital-frozen', '冻结记录-FP00000001'],
    ] as const) {
      const r = byName.get(name)!;
      expect(r).toMatchObject({
        anchor: 'capital-list',
        alsoAnchors: ['capital-list-supplier', 'capital-list-supplier-smart-container'],
        // the first of the three lists the role holds stays active
        activeMenu: [CAPITAL_LIST_PATH, '/website/finance/capital-list-supplier', '/website/finance/capital-list-supplier-smart-container'],
      });
      // every page that opens an account (the contract's operations take the same anchors)
      expect([r.anchor, ...(r.alsoAnchors ?? [])]).toEqual([...CAPITAL_ANCHORS]);
      expect(titleOf(name, { id: 'FP00000001' })).toBe(title);
    }
    expect(CAPITAL_LIST_PATH).toBe('/website/finance/capital-list');
  });

  it('builds links the routes accept', () => {
    expect(capitalDetailPath('FP00000001')).toBe('/website/finance/capital-detail/FP00000001');
    expect(capitalRecordPath('FP00000001')).toBe('/website/finance/capital-record/FP00000001');
    expect(capitalCardPath('FP00000001')).toBe('/website/finance/capital-card/FP00000001');
    expect(capitalFrozenPath('FP00000001')).toBe('/website/finance/capital-frozen/FP00000001');
  });
});
