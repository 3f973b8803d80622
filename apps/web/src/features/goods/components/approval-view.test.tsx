import { APPROVAL_KINDS, REVIEW_OWN_MESSAGE, type ApprovalDetail, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { approvalListColumns, type ApprovalListFlavour } from './approval-list.tsx';
import { ApprovalView } from './approval-view.tsx';

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(() => Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 })),
}));

const base: ApprovalDetail = {
  id: 1,
  approvalCode: 'XP2611210001',
  kind: 1,
  kindName: '新品申请',
  status: 0,
  statusName: '草稿',
  title: '农夫山泉 长白雪矿泉水',
  barcode: '6921168593576',
  basePrice: 280,
  applicantName: 'operator',
  reviewerName: '',
  reason: '',
  submittedAt: null,
  reviewedAt: null,
  createdAt: 0,
  updatedAt: 0,
  version: 0,
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

const STATUS_NAMES = ['草稿', '待审核', '已通过', '已驳回', '已撤回'];
const buttons = () =>
  screen
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, '') ?? '')
    .filter(Boolean);

function show(patch: Partial<ApprovalDetail>, reviewer: boolean) {
  sessionStore.setState({
    menuTree: reviewer ? [node({ id: 10210, name: '新品审核', anchor: 'new-products-review', anchorList: ['new-products-review'] })] : [],
  });
  const d = { ...base, ...patch, statusName: STATUS_NAMES[patch.status ?? 0] };
  return renderWithApp(
    <MemoryRouter>
      <ApprovalView detail={d} queryKey={['t', d.status]} />
    </MemoryRouter>,
  );
}

describe('ApprovalView: only the actions the state allows', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    sessionStore.setState({ menuTree: [] });
  });

  it.each([
    [0, true, false, ['编辑', '提交审核', '删除', '下载PDF']],
    [1, true, false, ['撤回', '下载PDF']],
    [1, false, true, ['通过', '驳回', '下载PDF']],
    [1, true, true, ['撤回', '通过', '驳回', '下载PDF']], // 通过 / 驳回 disabled (四眼原则, below)
    [1, false, false, ['下载PDF']],
    [2, true, true, ['下载PDF']],
    [3, true, false, ['编辑', '提交审核', '下载PDF']],
    [4, true, false, ['编辑', '提交审核', '删除', '下载PDF']],
  ] as const)('status %i, applicant %s, reviewer %s', (status, mine, reviewer, expected) => {
    show({ status, mine }, reviewer);
    const shown = buttons();
    for (const label of ['编辑', '提交审核', '撤回', '通过', '驳回', '删除', '下载PDF']) {
      expect(
        shown.some((b) => b.includes(label)),
        `${label} in ${shown.join(',')}`,
      ).toBe((expected as readonly string[]).includes(label));
    }
    expect(screen.getByText('饮料 / 水 / 矿泉水')).toBeTruthy();
  });

  it('an approved application names what it created by code, a link where the account may open the page', () => {
    sessionStore.setState({
      menuTree: [node({ id: 10202, name: '商品列表', anchor: 'goods-management-list', anchorList: ['goods-management-list'] })],
    });
    const d = {
      ...base,
      status: 2,
      statusName: '已通过',
      standardProductId: 7,
      goodsId: 8,
      skuId: 9,
      createdCodes: { goodsNo: 'SP10000007', spuCode: 'G10000008', skuCode: 'K10000009' },
    };
    renderWithApp(
      <MemoryRouter>
        <ApprovalView detail={d} queryKey={['t', 'approved']} />
      </MemoryRouter>,
    );
    expect(screen.getByText('G10000008').closest('a')).toBeTruthy();
    expect(screen.getByText('SP10000007').closest('a')).toBeNull();
    expect(screen.getByText('K10000009').closest('a')).toBeNull();
  });

  it('四眼原则: on the account’s own pending application 通过 and 驳回 are disabled with the server’s reason; on another’s they are not', async () => {
    show({ status: 1, mine: true }, true);
    for (const label of ['通过', '驳回']) {
      const b = screen.getByRole('button', { name: new RegExp(label) });
      expect(b.hasAttribute('disabled'), label).toBe(true);
    }
    expect(screen.getByRole('button', { name: /撤回/ }).hasAttribute('disabled')).toBe(false);
    fireEvent.mouseEnter(screen.getByRole('button', { name: /驳回/ }).parentElement!); // the tooltip's wrapper
    expect(await screen.findByText(REVIEW_OWN_MESSAGE)).toBeTruthy();
    cleanup();
    show({ status: 1, mine: false }, true);
    for (const label of ['通过', '驳回'])
      expect(screen.getByRole('button', { name: new RegExp(label) }).hasAttribute('disabled')).toBe(false);
  });
});

describe('approval lists (new-products-list, mall-add-new-product): 审核 of a pending application', { timeout: 20_000 }, () => {
  afterEach(cleanup);
  const flavour: ApprovalListFlavour = {
    codeExample: 'XP2611210375',
    kindOptions: [],
    kindWidth: 100,
    priceTitle: '销售价（元）',
    priceWidth: 110,
    reviewedAt: true,
    reviewAnchor: 'new-products-review',
    viewPath: (code) => `/view/${code}`,
    editPath: (code) => `/edit/${code}`,
    reviewPath: (r) => `/review/${r.approvalCode}`,
  };
  const { product: _p, sku: _s, standardProductId: _sp, goodsId: _g, skuId: _k, createdCodes: _c, ...row } = base;
  const actionsOf = (r: ApprovalRow) => {
    const col = approvalListColumns(flavour, true).find((c) => c.key === 'actions')!;
    return render(<MemoryRouter>{col.render!(undefined, r, 0)}</MemoryRouter>);
  };

  it.each([1, 2, 3, 4].map((k) => [k, APPROVAL_KINDS[k as keyof typeof APPROVAL_KINDS]] as const))(
    'kind %i (%s): disabled with the server’s reason on the account’s own, a link to the review on another’s',
    async (kind) => {
      actionsOf({ ...row, kind, status: 1, mine: true });
      const own = screen.getByText('审核');
      expect(own.closest('a')?.getAttribute('href') ?? null).toBeNull();
      expect(own.closest('[aria-disabled="true"]')).toBeTruthy();
      fireEvent.mouseEnter(own);
      expect(await screen.findByText(REVIEW_OWN_MESSAGE)).toBeTruthy();
      cleanup();
      actionsOf({ ...row, kind, status: 1, mine: false });
      expect(screen.getByText('审核').closest('a')?.getAttribute('href')).toBe(`/review/${row.approvalCode}`);
    },
  );
});
