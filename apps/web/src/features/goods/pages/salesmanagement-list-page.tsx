import { CHANNEL_SHELF_STATUS, salesChannelOps, type ChannelShelfRow } from '@merchant/contracts/goods/sales-channel';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Drawer, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { RecordHistory } from '../../../platform/record-history.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { codeColumn, keywordColumn, mapOptions, statusColumn, timeColumn, yuanColumn } from '../components/goods-columns.tsx';
import { LockableAction } from '../../../shared/ui/row-actions.tsx';
import { ShelfTag } from '../components/goods-channel-tags.tsx';
import { SkuStatusTag } from '../components/goods-tags.tsx';

const KEY = ['goods', 'salesmanagement-list'] as const;
const keyOf = (r: ChannelShelfRow) => `${r.channelCode}:${r.skuId}`;

/**
 * salesmanagement-list (销售管理): every SKU's shelf state in one sales channel at a time (智能柜, 批发商城, 线上零售,
 * 本地生活), 上架/下架 per row or for the ticked rows (with confirmation). A SKU 下架 at SKU level cannot go on shelf.
 */
export default function SalesManagementListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const channels = useQuery({ queryKey: ['goods', 'sales-channels'], queryFn: () => call(salesChannelOps.channels, {}) });
  const [selected, setSelected] = useState<Map<string, ChannelShelfRow>>(new Map());
  const [historyOf, setHistoryOf] = useState<ChannelShelfRow | null>(null);

  const toggle = (r: ChannelShelfRow, on: boolean) =>
    setSelected((m) => {
      const next = new Map(m);
      if (on) next.set(keyOf(r), r);
      else next.delete(keyOf(r));
      return next;
    });

  /** Sets the rows' shelf state, one call per channel (each all or nothing). */
  const apply = async (rows: ChannelShelfRow[], status: number) => {
    const byChannel = new Map<string, ChannelShelfRow[]>();
    for (const r of rows) byChannel.set(r.channelCode, [...(byChannel.get(r.channelCode) ?? []), r]);
    let changed = 0;
    for (const [channelCode, list] of byChannel) {
      const res = await call(salesChannelOps.setShelf, {
        channelCode,
        status,
        items: list.map((r) => ({ skuId: r.skuId, version: r.version })),
      });
      changed += res.changed;
    }
    message.success(`已${status === 1 ? '上架' : '下架'} ${changed} 个SKU`);
    setSelected(new Map());
    await queryClient.invalidateQueries({ queryKey: ['goods'] });
  };

  const confirmOne = (r: ChannelShelfRow, status: number) =>
    modal.confirm({
      title: `确认在${r.channelName}${status === 1 ? '上架' : '下架'}“${r.name}”？`,
      okButtonProps: { danger: status === 2 },
      onOk: () => apply([r], status),
    });

  const confirmBulk = (status: number) => {
    const all = [...selected.values()];
    const rows = all.filter((r) => (status === 1 ? r.shelfStatus === 2 && !r.blockedReason : r.shelfStatus === 1));
    const skipped = all.length - rows.length;
    if (rows.length === 0) {
      message.warning(status === 1 ? '所选SKU均已上架或SKU已下架，无需上架' : '所选SKU均已下架');
      return;
    }
    const names = [...new Set(rows.map((r) => r.channelName))].join('、');
    modal.confirm({
      title: `确认在${names}批量${status === 1 ? '上架' : '下架'} ${rows.length} 个SKU？`,
      content: skipped > 0 ? `另有 ${skipped} 个所选SKU${status === 1 ? '已上架或SKU已下架' : '已下架'}，将跳过。` : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: () => apply(rows, status),
    });
  };

  if (channels.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  if (!channels.data?.length) return <Result status="info" title="本商户尚未开通销售渠道" />;

  const columns: ListColumn<ChannelShelfRow>[] = [
    {
      key: 'pick',
      title: '选择',
      width: 60,
      render: (_v, r) => (
        <Checkbox aria-label={`选择${r.name}`} checked={selected.has(keyOf(r))} onChange={(e) => toggle(r, e.target.checked)} />
      ),
    },
    {
      key: 'channelCode',
      title: '销售渠道',
      dataIndex: 'channelName',
      width: 100,
      search: { type: 'select', options: channels.data.map((c) => ({ value: c.code, label: c.name })), order: 0 },
    },
    keywordColumn('SKU名称、编码或条码', 1),
    codeColumn('skuCode', 'SKU编码', (r) => `/website/goods/add-sku/view/${r.skuId}`),
    { key: 'name', title: 'SKU名称', width: 220, ellipsis: true },
    {
      key: 'status',
      title: '渠道上下架',
      width: 170,
      render: (v, r) => <ShelfTag status={Number(v)} blockedReason={r.blockedReason} />,
      search: { type: 'select', options: mapOptions(CHANNEL_SHELF_STATUS) },
    },
    statusColumn('skuStatus', 'SKU状态', SkuStatusTag),
    yuanColumn('basePrice', '销售价（元）', { width: 110 }),
    { key: 'goodsName', title: '所属商品', width: 180, ellipsis: true },
    { key: 'barcode', title: 'SKU条码', width: 140 },
    { key: 'categoryPath', title: '商品分类', width: 160, ellipsis: true },
    timeColumn('updatedAt', '更新时间', { sortable: undefined }),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 160,
      render: (_v, r) => (
        <Space size={0}>
          {r.shelfStatus === 1 ? (
            <Button type="link" size="small" danger onClick={() => confirmOne(r, 2)}>
              下架
            </Button>
          ) : (
            <LockableAction locked={r.blockedReason || null} onClick={() => confirmOne(r, 1)}>
              上架
            </LockableAction>
          )}
          <Button type="link" size="small" onClick={() => setHistoryOf(r)}>
            操作记录
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryList<ChannelShelfRow>
        queryKey={KEY}
        paging="keyset"
        request={listLoader(salesChannelOps.list)}
        columns={columns}
        rowKey={keyOf}
        testId="salesmanagement-list"
        title="销售管理"
        initialValues={{ channelCode: channels.data[0].code }}
        exportable={{ operation: salesChannelOps.list }}
        toolbar={
          <Space>
            <span data-testid="picked-count">已选 {selected.size} 项</span>
            <Button disabled={selected.size === 0} onClick={() => setSelected(new Map())}>
              清空选择
            </Button>
            <Button type="primary" disabled={selected.size === 0} onClick={() => confirmBulk(1)}>
              批量上架
            </Button>
            <Button danger disabled={selected.size === 0} onClick={() => confirmBulk(2)}>
              批量下架
            </Button>
          </Space>
        }
      />
      <Drawer
        title={historyOf ? `渠道上下架记录：${historyOf.name}` : ''}
        open={historyOf !== null}
        onClose={() => setHistoryOf(null)}
        size={960}
      >
        {historyOf && (
          <RecordHistory
            operation={salesChannelOps.history}
            input={{ skuId: historyOf.skuId }}
            queryKey={['goods', 'sales-channel-history', historyOf.skuId]}
          />
        )}
      </Drawer>
    </>
  );
}
