import { ADJUSTMENT_STATUS, adjustmentOps, type AdjustmentRow } from '@merchant/contracts/price/price-adjustment';
import { priceChannelOps, type PriceChannelRow } from '@merchant/contracts/price/price-channel';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { createdAtColumn, timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { useAdjustmentActions } from '../components/adjustment-actions.tsx';
import { ChannelHistoryDrawer } from '../components/channel-history-drawer.tsx';
import { BindCabinetsModal, ChannelFormModal } from '../components/channel-modals.tsx';
import { adjustmentPath, channelSheetPath, newAdjustmentPath } from '../components/price-paths.ts';
import { useFirstChannels } from '../components/price-pickers.tsx';
import { AdjustmentStatusTag, ChannelStatusTag, channelStatusOptions, optionsOf, scopeOptions } from '../components/price-parts.tsx';

/** 调价单: every order, newest first; actions by status (查看 / 编辑 / 提交 / 取消 / 删除). */
function AdjustmentList() {
  const navigate = useNavigate();
  const actions = useAdjustmentActions();
  const columns: ListColumn<AdjustmentRow>[] = [
    {
      key: 'orderNo',
      title: '调价单号',
      width: 170,
      render: (v) => <Link to={adjustmentPath(String(v))}>{String(v)}</Link>,
      search: { type: 'text', maxLength: 20 },
    },
    {
      key: 'status',
      title: '状态',
      width: 100,
      render: (v, r) => <AdjustmentStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: optionsOf(ADJUSTMENT_STATUS, true) },
    },
    { key: 'scopeType', title: '调价范围', dataIndex: 'scopeTypeName', width: 110, search: { type: 'select', options: scopeOptions } },
    { key: 'scopeSummary', title: '调价对象', width: 220, ellipsis: true },
    { key: 'skuCount', title: 'SKU数', width: 80, align: 'right' },
    { key: 'effectiveModeName', title: '生效方式', width: 100 },
    timeColumn('effectiveAt', '生效时间', { sortable: true }),
    {
      key: 'push',
      title: '推送',
      width: 110,
      render: (_v, r) => (r.pushTotal ? `${r.pushAcked}/${r.pushTotal}${r.pushFailed ? `（${r.pushFailed}失败）` : ''}` : '--'),
    },
    { key: 'reason', title: '调价原因', width: 180, ellipsis: true },
    { key: 'creatorName', title: '创建人', width: 100 },
    createdAtColumn(),
    rowActionsColumn(220, (r) => [
      { key: 'view', label: '查看', onClick: () => navigate(adjustmentPath(r.orderNo)) },
      { key: 'edit', label: '编辑', show: r.actions.includes('edit'), onClick: () => navigate(adjustmentPath(r.orderNo, 'edit')) },
      { key: 'submit', label: '提交', show: r.actions.includes('submit'), onClick: () => actions.submit(r) },
      { key: 'cancel', label: '取消', show: r.actions.includes('cancel'), onClick: () => actions.cancel(r), danger: true },
      { key: 'delete', label: '删除', show: r.actions.includes('delete'), onClick: () => actions.remove(r), danger: true },
    ]),
  ];
  return (
    <>
      <QueryList<AdjustmentRow>
        queryKey={['price', 'adjustment-list']}
        paging="keyset"
        request={listLoader(adjustmentOps.list)}
        columns={columns}
        rowKey="orderNo"
        title="调价单"
        testId="adjustment-list"
        exportable={{ operation: adjustmentOps.list }}
        emptyText="还没有调价单"
        refetchInterval={(d) => (d?.list.some((r) => r.status === 2) ? 5000 : false)}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(newAdjustmentPath())}>
            新建调价单
          </Button>
        }
      />
      {actions.cancelModal}
    </>
  );
}

/** 渠道价格: the second channels per first channel; add / edit, enable / disable, bind cabinets, their prices. */
function ChannelList() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const firstChannels = useFirstChannels();
  const [editing, setEditing] = useState<PriceChannelRow | 'new' | null>(null);
  const [binding, setBinding] = useState<PriceChannelRow | null>(null);
  const [historyOf, setHistoryOf] = useState<PriceChannelRow | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['price'] });
  const toggle = (r: PriceChannelRow) => {
    const enable = r.status !== 1;
    modal.confirm({
      title: `确认${enable ? '启用' : '停用'}二级渠道“${r.name}”？`,
      content: enable ? '启用后其价格重新参与计价。' : '停用后其价格不再参与计价，所属智能柜按一级渠道价售卖。',
      okButtonProps: { danger: !enable },
      onOk: async () => {
        await call(enable ? priceChannelOps.enable : priceChannelOps.disable, { id: r.id, version: r.version });
        message.success(enable ? '已启用' : '已停用');
        await reload();
      },
    });
  };
  const columns: ListColumn<PriceChannelRow>[] = [
    {
      key: 'name',
      title: '二级渠道',
      width: 180,
      render: (_v, r) => <Link to={channelSheetPath(r.firstChannelName, r.id, r.name)}>{r.name}</Link>,
      search: { type: 'text', maxLength: 30 },
    },
    {
      key: 'firstChannelCode',
      title: '一级渠道',
      dataIndex: 'firstChannelName',
      width: 120,
      search: { type: 'select', options: firstChannels.map((c) => ({ value: c.code, label: c.name })) },
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <ChannelStatusTag status={Number(v)} />,
      search: { type: 'select', options: channelStatusOptions },
    },
    { key: 'deviceCount', title: '智能柜数', width: 90, align: 'right' },
    { key: 'priceCount', title: '渠道价SKU数', width: 110, align: 'right' },
    { key: 'remark', title: '备注', width: 180, ellipsis: true },
    { key: 'creatorName', title: '创建人', width: 100 },
    timeColumn('createdAt', '创建时间', { sortable: true }),
    rowActionsColumn(300, (r) => [
      { key: 'prices', label: '渠道价格', onClick: () => navigate(channelSheetPath(r.firstChannelName, r.id, r.name)) },
      { key: 'edit', label: '编辑', onClick: () => setEditing(r) },
      { key: 'bind', label: '绑定智能柜', onClick: () => setBinding(r) },
      { key: 'toggle', label: r.status === 1 ? '停用' : '启用', onClick: () => toggle(r), danger: r.status === 1 },
      { key: 'history', label: '历史', onClick: () => setHistoryOf(r) },
    ]),
  ];
  return (
    <>
      <QueryList<PriceChannelRow>
        queryKey={['price', 'channel-list']}
        request={listLoader(priceChannelOps.list)}
        columns={columns}
        rowKey="id"
        title="二级渠道"
        testId="price-channel-list"
        exportable={{ operation: priceChannelOps.list }}
        emptyText="还没有二级渠道"
        toolbar={
          <Space>
            {firstChannels.map((c) => (
              <Button key={c.code} onClick={() => navigate(channelSheetPath(c.name, 0))}>
                {c.name}渠道价
              </Button>
            ))}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增二级渠道
            </Button>
          </Space>
        }
      />
      {editing ? (
        <ChannelFormModal
          editing={editing === 'new' ? null : editing}
          onSaved={() => {
            message.success(editing === 'new' ? '二级渠道已新增' : '二级渠道已保存');
            setEditing(null);
            void reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ChannelHistoryDrawer channel={historyOf} onClose={() => setHistoryOf(null)} />
      {binding ? (
        <BindCabinetsModal
          channel={binding}
          onSaved={() => {
            message.success('智能柜已绑定');
            setBinding(null);
            void reload();
          }}
          onClose={() => setBinding(null)}
        />
      ) : null}
    </>
  );
}

const TABS = { orders: '调价单', channels: '渠道价格' } as const;

/** price-adjustment (价格调整): tabs 调价单 and 渠道价格 (?tab=channels), kept in the address. */
export default function PriceAdjustmentPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'channels' ? 'channels' : 'orders';
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setSearch(k === 'orders' ? {} : { tab: k }, { replace: true })}
      items={Object.entries(TABS).map(([key, label]) => ({
        key,
        label,
        children: key === 'orders' ? <AdjustmentList /> : <ChannelList />,
      }))}
      destroyOnHidden
    />
  );
}
