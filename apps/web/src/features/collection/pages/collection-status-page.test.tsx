import type { OperationContract } from '@merchant/contracts';
import { collectionOps } from '@merchant/contracts/finance/collection';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CHECKS_DONE, setting } from '../components/collection-fixtures.ts';
import CollectionStatusPage from './collection-status-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn(), listLoader: () => vi.fn() }));

const answer = (s = setting()) =>
  vi
    .mocked(call)
    .mockImplementation((op) =>
      op === collectionOps.get
        ? (Promise.resolve(s) as never)
        : (Promise.reject(new Error(`unexpected ${(op as OperationContract).name}`)) as never),
    );
const grant = (...anchors: string[]) =>
  sessionStore.setState({ menuTree: anchors.map((a, i) => node({ id: 10600 + i, name: a, anchor: a, anchorList: [a] })) });

afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
});

const PATH = '/website/finance/collection-setting-status';
const mount = () => renderRoutes([{ path: PATH, element: <CollectionStatusPage /> }], PATH);

const PENDING = setting({
  statusName: '待完善',
  defaultCard: '',
  agreementCount: 0,
  checks: CHECKS_DONE.map((c) =>
    c.key === 'card'
      ? { ...c, done: false, detail: '未绑定银行卡：提现需先绑定' }
      : c.key === 'fee'
        ? { ...c, done: false, detail: '未设置，按默认0.60%' }
        : c.key === 'agreement'
          ? { ...c, done: false, detail: '尚无分账协议：销售全部归商户' }
          : c,
  ),
});

describe('开通状态 (collection-setting-status)', { timeout: 60_000 }, () => {
  it('已开通: a success result and every check done, none with a link', async () => {
    answer();
    grant('collection-setting', 'collection-setting-agreement', 'capital-list');
    mount();
    expect((await screen.findByTestId('collection-status')).textContent).toBe('已开通');
    expect(document.querySelector('.ant-result-success')).not.toBeNull();
    const checks = within(screen.getByTestId('collection-checks'));
    for (const c of CHECKS_DONE) {
      const item = within(screen.getByTestId(`check-${c.key}`));
      expect(item.getByText(c.label)).toBeTruthy();
      expect(item.getByText(c.detail)).toBeTruthy();
      expect(item.getByLabelText('已完成')).toBeTruthy();
    }
    expect(checks.queryAllByRole('link')).toHaveLength(0);
  });

  it('待完善: a warning result and each missing check links to where it is set', async () => {
    answer(PENDING);
    grant('collection-setting', 'collection-setting-agreement', 'capital-list');
    mount();
    expect((await screen.findByTestId('collection-status')).textContent).toBe('待完善');
    expect(document.querySelector('.ant-result-warning')).not.toBeNull();
    expect(screen.getByText('还有 3 项待完善，完善后即可完整收款分账')).toBeTruthy();
    const item = (key: string) => within(screen.getByTestId(`check-${key}`));
    expect(item('provider').getByLabelText('已完成')).toBeTruthy();
    expect(item('provider').queryByRole('link')).toBeNull();
    expect(item('card').getByLabelText('未完成')).toBeTruthy();
    expect(item('card').getByText('未绑定银行卡：提现需先绑定')).toBeTruthy();
    expect(item('card').getByRole('link', { name: '去绑定银行卡' }).getAttribute('href')).toBe('/website/finance/capital-card/FP00000001');
    expect(item('fee').getByRole('link', { name: '去设置' }).getAttribute('href')).toBe('/website/finance/collection-setting');
    expect(item('agreement').getByRole('link', { name: '去签分账协议' }).getAttribute('href')).toBe(
      '/website/finance/collection-setting-agreement',
    );
  });

  it('a missing check whose page the role may not open has no link', async () => {
    answer(PENDING);
    grant();
    mount();
    await screen.findByTestId('collection-status');
    expect(within(screen.getByTestId('collection-checks')).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByTestId('check-card').textContent).toContain('未绑定银行卡');
  });
});
