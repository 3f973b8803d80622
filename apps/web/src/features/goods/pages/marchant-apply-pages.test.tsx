import { approvalOps, type ApprovalDetail, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { MERCHANT_GOODS_APPROVAL_PATHS } from '../components/approval-parts.tsx';
import { routes } from '../routes.ts';
import MarchantAddNewProductPage from './marchant-add-new-product-page.tsx';
import MarchantApplyDetailPage from './marchant-apply-detail-page.tsx';
import MarchantApplyDetailPdfPage from './marchant-apply-detail-pdf-page.tsx';

const detail: ApprovalDetail = {
  id: 1,
  approvalCode: 'XP2611210001',
  kind: 1,
  kindName: '新品申请',
  status: 3,
  statusName: '已驳回',
  title: '农夫山泉 长白雪矿泉水',
  barcode: '6921168593576',
  basePrice: 280,
  applicantName: 'operator',
  reviewerName: 'admin',
  reason: '缺少包装正面照片',
  submittedAt: 1,
  reviewedAt: 2,
  createdAt: 0,
  updatedAt: 0,
  version: 2,
  product: {
    name: '农夫山泉 长白雪矿泉水',
    barcode: '6921168593576',
    brand: '农夫山泉',
    categoryId: 3,
    categoryPath: '饮料 / 水 / 矿泉水',
    spec: '535ml',
    unit: '瓶',
    shelfLifeDays: 365,
    storageStyle: 1,
    storageStyleName: '常温',
    imageIds: [],
    guidePrice: 300,
    basePrice: 280,
  },
  sku: null,
  standardProductId: null,
  goodsId: null,
  skuId: null,
  createdCodes: { goodsNo: '', spuCode: '', skuCode: '' },
  mine: true,
};
const row: ApprovalRow = detail;

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn((op: { name: string }) =>
    Promise.resolve(
      op === approvalOps.detail ? detail : op.name.includes('categor') ? [] : { list: [], total: 0, pageNum: 1, pageSize: 10 },
    ),
  ),
  listLoader: () => () => Promise.resolve({ list: [row], total: 1, pageNum: 1, pageSize: 10 }),
}));

afterEach(cleanup);

const MGM = '/website/merchant-goods-management';
function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
function open(path: string) {
  sessionStore.setState({ menuTree: [] });
  // a data router: the application forms guard leaving (useBlocker)
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
          </>
        ),
        children: [
          { path: `${MGM}/marchant-add-new-product`, element: <MarchantAddNewProductPage /> },
          { path: `${MGM}/marchant-apply-detail/:approvalCode?/:detail?`, element: <MarchantApplyDetailPage /> },
          { path: `${MGM}/marchant-apply-detail-pdf`, element: <MarchantApplyDetailPdfPage /> },
          { path: '*', element: <div>elsewhere</div> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return renderWithApp(<RouterProvider router={router} />);
}
const where = () => screen.getByTestId('where').textContent;

describe('商户商品 新品申请 pages (section 129) reuse the goods application pages with their own addresses', { timeout: 90_000 }, () => {
  it('registers marchant-add-new-product, marchant-apply-detail and marchant-apply-detail-pdf in section 129 with their own pages', () => {
    for (const [name, page] of [
      ['marchant-add-new-product', 'marchant-add-new-product-page'],
      ['marchant-apply-detail', 'marchant-apply-detail-page'],
      ['marchant-apply-detail-pdf', 'marchant-apply-detail-pdf-page'],
    ] as const) {
      const r = routes.find((x) => x.name === name);
      expect(r, name).toMatchObject({ serverId: 129, anchor: 'marchant-add-new-product' });
      expect(r!.path.startsWith('merchant-goods-management/'), name).toBe(true);
      // its own page (not a redirect to the goods section's add-new-products)
      expect(String(r!.page), name).toContain(`${page}.tsx`);
    }
    expect(routes.find((x) => x.name === 'marchant-apply-detail')!.activeMenu).toBe(`${MGM}/marchant-add-new-product`);
  });

  it('paths: list, add, edit, view, review and PDF stay under merchant-goods-management', () => {
    const p = MERCHANT_GOODS_APPROVAL_PATHS;
    for (const path of [p.listPath, p.addPath, p.pathOf('X1'), p.pathOf('X1', 'edit'), p.pathOf('X1', 'review'), p.pdfPathOf!('X1')])
      expect(path.startsWith(`${MGM}/`), path).toBe(true);
    expect(p.pathOf('X1')).toBe(`${MGM}/marchant-apply-detail/X1/detail`);
    expect(p.pathOf('X1', 'edit')).toBe(`${MGM}/marchant-apply-detail/X1`);
    expect(p.pdfPathOf!('X1')).toBe(`${MGM}/marchant-apply-detail-pdf?approvalCode=X1`);
  });

  it('the list links each application to marchant-apply-detail', async () => {
    open(`${MGM}/marchant-add-new-product`);
    const code = await screen.findByRole('link', { name: detail.approvalCode });
    expect(code.getAttribute('href')).toBe(`${MGM}/marchant-apply-detail/${detail.approvalCode}/detail`);
    expect(screen.getByRole('link', { name: '编辑' }).getAttribute('href')).toBe(`${MGM}/marchant-apply-detail/${detail.approvalCode}`);
    expect(screen.queryByRole('button', { name: /SKU申请/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /新增申请/ }));
    await waitFor(() => expect(where()).toBe(`${MGM}/marchant-apply-detail`));
    expect(await screen.findByRole('form', { name: '新品申请' })).toBeTruthy();
  });

  it('detail renders the goods ApprovalView; 编辑 and 预览申请单 stay in the section, the PDF page goes back to the detail', async () => {
    open(`${MGM}/marchant-apply-detail/${detail.approvalCode}/detail`);
    expect((await screen.findByTestId('approval-title')).textContent).toBe(detail.title);
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(where()).toBe(`${MGM}/marchant-apply-detail/${detail.approvalCode}`));
    // the edit form of the goods module; 取消 returns to this section's detail
    expect(await screen.findByRole('form', { name: '新品申请' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(where()).toBe(`${MGM}/marchant-apply-detail/${detail.approvalCode}/detail`));
    fireEvent.click(await screen.findByRole('button', { name: /预览申请单/ }));
    await waitFor(() => expect(where()).toBe(`${MGM}/marchant-apply-detail-pdf?approvalCode=${detail.approvalCode}`));
    expect((await screen.findByTestId('pdf-title')).textContent).toBe(`新品申请单 ${detail.approvalCode}`);
    expect(screen.getByRole('button', { name: /下载PDF/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回申请详情' }).getAttribute('href')).toBe(
      `${MGM}/marchant-apply-detail/${detail.approvalCode}/detail`,
    );
    expect(screen.queryByText('elsewhere')).toBeNull();
  });
});
