import { describe, expect, it } from 'vitest';
import type { TitleContext } from '../../platform/route-types.ts';
import { adjustmentPath, channelSheetPath, newAdjustmentPath, PRICE_ADJUSTMENT_LIST } from './components/price-paths.ts';
import { routes } from './routes.ts';

// Issue 14 (prices): every price route exists under /website/goods, is lazy, titled and in section 102; the menu
// pages open their own page; detail routes keep 价格调整 active.

const byName = new Map(routes.map((r) => [r.name, r]));
const titleOf = (name: string, params: Record<string, string | undefined> = {}, search = '') => {
  const t = byName.get(name)?.title;
  const ctx: TitleContext = { params, search: new URLSearchParams(search) };
  return typeof t === 'function' ? t(ctx) : t;
};

describe('price routes (issue 14)', () => {
  it('registers the six routes the issue lists, lazily, titled, in section 102', () => {
    expect(routes.map((r) => `/website/${r.path}`).sort()).toEqual(
      [
        '/website/goods/price-adjustment',
        '/website/goods/price-adjustment-detail',
        '/website/goods/price-adjustment-h/:firstChannelName/:secondChannelId/:secondChannelName?',
        '/website/goods/containerPrice-single',
        '/website/goods/containerPrice-local-life-price',
        '/website/goods/price-detail-h',
      ].sort(),
    );
    for (const r of routes) {
      expect(r.serverId).toBe(102);
      expect(String(r.page)).toMatch(/import(__)?\(/);
      expect(titleOf(r.name, { firstChannelName: '智能柜', secondChannelId: '1' })).toMatch(/\S/);
    }
  });
  it('opens each menu page at its own route (menu anchors = route names)', () => {
    for (const name of ['price-adjustment', 'containerPrice-single', 'containerPrice-local-life-price', 'price-detail-h']) {
      const r = byName.get(name)!;
      expect(r.anchor).toBe(name);
      expect(r.activeMenu).toBeUndefined();
    }
  });
  it('keeps 价格调整 active on the detail and channel pages, under its anchor', () => {
    for (const name of ['price-adjustment-detail', 'price-adjustment-h']) {
      expect(byName.get(name)).toMatchObject({ anchor: 'price-adjustment', activeMenu: PRICE_ADJUSTMENT_LIST });
    }
  });
  it('titles the detail by what it does and the channel page by its channel', () => {
    expect(titleOf('price-adjustment-detail')).toBe('新建调价单');
    expect(titleOf('price-adjustment-detail', {}, 'orderNo=TJ1')).toBe('调价单详情');
    expect(titleOf('price-adjustment-detail', {}, 'orderNo=TJ1&handleType=edit')).toBe('编辑调价单');
    expect(titleOf('price-adjustment-h', { firstChannelName: '智能柜', secondChannelId: '3', secondChannelName: '写字楼' })).toBe(
      '渠道价格-写字楼',
    );
    expect(titleOf('price-adjustment-h', { firstChannelName: '智能柜', secondChannelId: '0' })).toBe('渠道价格-智能柜');
  });
  it('builds links the routes accept', () => {
    expect(adjustmentPath('TJ20261123-0001', 'edit')).toBe(
      '/website/goods/price-adjustment-detail?orderNo=TJ20261123-0001&handleType=edit',
    );
    expect(newAdjustmentPath({ scopeType: 'cabinet', scopeKeys: ['D2611000001'], skuIds: [1, 2] })).toBe(
      '/website/goods/price-adjustment-detail?scopeType=cabinet&scopeKeys=D2611000001&skuIds=1%2C2',
    );
    expect(channelSheetPath('智能柜', 3, '华东 写字楼')).toBe(
      `/website/goods/price-adjustment-h/${encodeURIComponent('智能柜')}/3/${encodeURIComponent('华东 写字楼')}`,
    );
  });
});
