import { stocktakeOps, type StocktakeRow } from '@merchant/contracts/stock/stocktake';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { createdAtColumn, timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { StocktakeCreateModal, StocktakeDeviceSelect, StocktakeStatusTag, stocktakeStatusOptions } from '../components/stocktake-parts.tsx';
import { stocktakePath } from '../components/stocktake-paths.ts';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** 智能柜库存 · 盘点单 (check-stockList-list): every stocktake, newest first (keyset), by 单号, 设备, 状态, 时间. */
export default function StocktakeListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const columns: ListColumn<StocktakeRow>[] = [
    {
      key: 'stocktakeCode',
      title: '盘点单号',
      width: 150,
      render: (v) => <Link to={stocktakePath.detail(String(v))}>{String(v)}</Link>,
      search: { type: 'text', maxLength: 20 },
    },
    {
      key: 'deviceCode',
      title: '设备',
      width: 200,
      render: (v, r) => (r.deviceName ? `${r.deviceName}（${String(v)}）` : String(v)),
      search: { type: 'custom', render: () => <StocktakeDeviceSelect /> },
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v, r) => <StocktakeStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: stocktakeStatusOptions },
    },
    { key: 'lineCount', title: '货道数', width: 80, align: 'right' },
    { key: 'countedCount', title: '已盘', width: 80, align: 'right' },
    { key: 'varianceLines', title: '差异行数', width: 90, align: 'right' },
    { key: 'varianceTotal', title: '差异合计', width: 90, align: 'right', render: (v) => signed(Number(v)) },
    { key: 'remark', title: '备注', width: 140, ellipsis: true },
    { key: 'creatorName', title: '创建人', width: 100 },
    createdAtColumn(),
    timeColumn('reviewedAt', '审核时间'),
    rowActionsColumn(100, (r) => [
      {
        key: 'open',
        label: r.actions.includes('count') ? '盘点' : r.actions.includes('approve') ? '审核' : '查看',
        onClick: () => navigate(stocktakePath.detail(r.stocktakeCode)),
      },
    ]),
  ];
  return (
    <>
      <QueryList<StocktakeRow>
        queryKey={['stocktake', 'list']}
        paging="keyset"
        request={listLoader(stocktakeOps.list)}
        columns={columns}
        rowKey="stocktakeCode"
        title="盘点单"
        testId="stocktake-list"
        exportable={{ operation: stocktakeOps.list }}
        emptyText="还没有盘点单"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建盘点单
          </Button>
        }
      />
      {creating ? (
        <StocktakeCreateModal
          onClose={() => setCreating(false)}
          onCreated={(code) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: ['stocktake'] });
            navigate(stocktakePath.detail(code));
          }}
        />
      ) : null}
    </>
  );
}
