import { goodsInsightOps, OPTIMIZE_KINDS, type OptimizeRow } from '@merchant/contracts/cabinet-goods/goods-insight';
import { editScenePath } from '@merchant/contracts/cabinet-goods/template';
import { Alert, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';

const loadOptimize = listLoader(goodsInsightOps.optimize);
const kindOptions = Object.entries(OPTIMIZE_KINDS).map(([value, label]) => ({ value, label }));

const columns: ListColumn<OptimizeRow>[] = [
  { key: 'deviceCode', title: '设备编号', width: 130, sortable: true, search: { type: 'text', maxLength: 20 } },
  { key: 'deviceName', title: '设备名称', width: 200, ellipsis: true },
  { key: 'modelName', title: '柜型', width: 110 },
  { key: 'slotNo', title: '货道', width: 80 },
  {
    key: 'kind',
    title: '问题',
    width: 110,
    render: (_v, r) => <Tag color="orange">{r.kindName}</Tag>,
    search: { type: 'select', label: '优化类型', options: kindOptions },
  },
  {
    key: 'templateCode',
    title: '商品模板',
    width: 150,
    render: (v) => (v ? <Link to={editScenePath(String(v))}>{String(v)}</Link> : '--'),
  },
  { key: 'suggestion', title: '建议', width: 360, ellipsis: true },
];

/** goods-optimize-list (商品优化): 空货道 from device goods now; 低于标准库存 and 滞销 once stock and orders exist. */
export default function GoodsOptimizeListPage() {
  const [reason, setReason] = useState('');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {reason ? <Alert type="info" showIcon title="暂无数据" description={reason} /> : null}
      <QueryList<OptimizeRow>
        queryKey={['cabinet-goods', 'optimize']}
        request={async (params) => {
          const r = await loadOptimize(params);
          setReason(r.available ? '' : r.reason);
          return r;
        }}
        columns={columns}
        rowKey={(r) => `${r.deviceCode}:${r.slotNo}`}
        title="商品优化"
        initialValues={{ kind: 'empty' }}
        exportable={{ operation: goodsInsightOps.optimize }}
        emptyText={reason ? '暂无数据' : '没有需要优化的货道'}
      />
    </Space>
  );
}
