import { goodsInsightOps, similarGoodsOps, type SimilarGoodsRow } from '@merchant/contracts/cabinet-goods/goods-insight';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import HotgoodsListPage from './hotgoods-list-page.tsx';
import SimilarGoodsListPage from './similar-goods-list-page.tsx';

type Handler = (params: Record<string, unknown>) => unknown;
const answers = vi.hoisted(() => new Map<string, Handler>());
const seen = vi.hoisted(() => [] as { name: string; params: Record<string, unknown> }[]);

vi.mock('../../../platform/call.ts', () => {
  const run = (op: { name: string }, params: Record<string, unknown>) => {
    seen.push({ name: op.name, params });
    const h = answers.get(op.name);
    return Promise.resolve(h ? h(params) : { list: [], total: 0, pageNum: 1, pageSize: 10 });
  };
  return { call: vi.fn(run), listLoader: (op: { name: string }) => (params: Record<string, unknown>) => run(op, params) };
});

beforeEach(() => {
  answers.clear();
  seen.length = 0;
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(cleanup);

const page = (list: unknown[], extra: Record<string, unknown> = {}) => ({ list, total: list.length, pageNum: 1, pageSize: 10, ...extra });
const show = (ui: React.ReactNode) => renderWithApp(<MemoryRouter>{ui}</MemoryRouter>);

describe('热销商品 (hotgoods-list)', { timeout: 30_000 }, () => {
  it('without orders: says why, shows no rows and offers no export', async () => {
    answers.set(goodsInsightOps.hot.name, () => page([], { available: false, reason: '订单功能上线前还没有销售数据' }));
    show(<HotgoodsListPage />);
    expect((await screen.findByTestId('hot-unavailable')).textContent).toContain('订单功能上线前还没有销售数据');
    expect(screen.getByText('订单功能上线前暂无销售数据')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ }).hasAttribute('disabled')).toBe(true);
    // paged on the server: the request carries the page
    expect(seen.find((c) => c.name === goodsInsightOps.hot.name)?.params).toMatchObject({ pageNum: 1 });
  });

  it('with sales: counts and amounts from 10,000 in 万', async () => {
    answers.set(goodsInsightOps.hot.name, () =>
      page(
        [
          { skuId: 1, skuName: '农夫山泉 550ml', soldQty: 123456, salesAmount: 1_234_500_000 },
          { skuId: 2, skuName: '可口可乐 330ml', soldQty: 9999, salesAmount: 99_990 },
        ],
        { available: true, reason: '' },
      ),
    );
    show(<HotgoodsListPage />);
    const first = (await screen.findByText('农夫山泉 550ml')).closest('tr')!;
    expect(within(first).getByText('12.3万')).toBeTruthy();
    expect(within(first).getByText('1,234.50万')).toBeTruthy();
    const second = screen.getByText('可口可乐 330ml').closest('tr')!;
    expect(within(second).getByText('9,999')).toBeTruthy();
    expect(within(second).getByText('999.90')).toBeTruthy();
    expect(screen.queryByTestId('hot-unavailable')).toBeNull();
    expect(screen.getByRole('button', { name: /导\s*出/ }).hasAttribute('disabled')).toBe(false);
  });
});

describe('相似商品 (similar-goods-list)', { timeout: 30_000 }, () => {
  it('asks for a goods first; then lists its neighbours with the picked goods and basis', async () => {
    answers.set(similarGoodsOps.goodsOptions.name, () => [{ goodsId: 7, goodsCode: 'G0007', name: '康师傅 冰红茶' }]);
    const row: SimilarGoodsRow = {
      goodsId: 8,
      goodsCode: 'G0008',
      name: '康师傅 绿茶',
      brand: '康师傅',
      categoryPath: '饮料 / 茶饮料',
      storageStyle: 1,
      storageStyleName: '常温',
      status: 1,
      statusName: '在售',
      spuId: 0,
      guideSalePrice: 350,
      cabinetCount: 0,
      reason: '同分类',
    };
    answers.set(similarGoodsOps.list.name, () => page([row], { goods: { goodsId: 7, goodsCode: 'G0007', name: '康师傅 冰红茶' } }));
    show(<SimilarGoodsListPage />);
    expect(await screen.findByText(/先选择一个商品/)).toBeTruthy();
    expect(seen.some((c) => c.name === similarGoodsOps.list.name)).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '商品' }));
    fireEvent.click(await screen.findByText('康师傅 冰红茶（G0007）'));
    expect(await screen.findByText('康师傅 绿茶')).toBeTruthy();
    expect(seen.find((c) => c.name === similarGoodsOps.list.name)?.params).toMatchObject({ goodsId: 7, basis: 'category', pageNum: 1 });
    fireEvent.click(screen.getByText('同品牌'));
    await waitFor(() =>
      expect(seen.filter((c) => c.name === similarGoodsOps.list.name).at(-1)?.params).toMatchObject({ goodsId: 7, basis: 'brand' }),
    );
    expect(screen.getByRole('button', { name: /导\s*出/ }).hasAttribute('disabled')).toBe(false);
  });
});
