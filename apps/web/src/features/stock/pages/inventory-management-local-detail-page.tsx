import type { StockMovementRow } from '@merchant/contracts/stock/stock-movement';
import { storeStockOps } from '@merchant/contracts/stock/store-stock';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Spin, Table, type TableColumnsType } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { BeforeAfter, MovementTypeTag, SignedQuantity } from '../components/stock-balance-parts.tsx';
import { LOCAL_LIST, localEditPath } from '../components/store-stock-parts.tsx';

const movementColumns: TableColumnsType<StockMovementRow> = [
  { key: 'createdAt', dataIndex: 'createdAt', title: '时间', width: 170, render: (v: number) => formatDateTime(v) },
  { key: 'type', dataIndex: 'type', title: '类型', width: 90, render: (v: string, r) => <MovementTypeTag type={v} name={r.typeName} /> },
  {
    key: 'quantity',
    title: '变动数量',
    width: 100,
    align: 'right',
    render: (_v, r) => <SignedQuantity value={r.quantity !== 0 ? r.quantity : r.lockDelta} />,
  },
  { key: 'onHand', title: '现有（前 → 后）', width: 130, render: (_v, r) => <BeforeAfter before={r.onHandBefore} after={r.onHandAfter} /> },
  { key: 'locked', title: '锁定（前 → 后）', width: 130, render: (_v, r) => <BeforeAfter before={r.lockedBefore} after={r.lockedAfter} /> },
  { key: 'doc', title: '单据', width: 200, render: (_v, r) => `${r.docTypeName} ${r.docCode}` },
  { key: 'reason', dataIndex: 'reason', title: '原因', ellipsis: true },
  { key: 'operatorName', dataIndex: 'operatorName', title: '操作人', width: 100 },
];

/**
 * inventory-management-local-detail (门店库存详情): one store balance (?id=, or ?storeCode=&skuId=): its numbers, its
 * latest movements (before → after, document) and its hand edits.
 */
export default function InventoryManagementLocalDetailPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id')) || undefined;
  const storeCode = search.get('storeCode') ?? undefined;
  const skuId = Number(search.get('skuId')) || undefined;
  const q = useQuery({
    queryKey: ['stock', 'store-balance', id, storeCode, skuId],
    queryFn: () => call(storeStockOps.get, id ? { id } : { storeCode, skuId }),
    enabled: !!id || (!!storeCode && !!skuId),
  });
  if (!id && !(storeCode && skuId)) return <Alert type="warning" showIcon message="请从库存列表进入门店库存详情" />;
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="error" showIcon message="门店库存不存在" />;
  const { balance: b, movements, edits } = q.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="store-stock-detail">
      <Card
        title={`门店库存详情：${b.storeName} · ${b.skuName}`}
        extra={
          <Space>
            <Button onClick={() => navigate(LOCAL_LIST)}>返回列表</Button>
            <Button type="primary" onClick={() => navigate(localEditPath(b.id))}>
              编辑库存
            </Button>
          </Space>
        }
      >
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label="门店">
            {b.storeName}（{b.storeCode}）
          </Descriptions.Item>
          <Descriptions.Item label="SKU编码">{b.skuCode}</Descriptions.Item>
          <Descriptions.Item label="SKU名称">{b.skuName}</Descriptions.Item>
          <Descriptions.Item label="条码">{b.barcode || '—'}</Descriptions.Item>
          <Descriptions.Item label="商品分类">{b.categoryPath || '—'}</Descriptions.Item>
          <Descriptions.Item label="最后变动">{b.updatedAt ? formatDateTime(b.updatedAt) : '—'}</Descriptions.Item>
          <Descriptions.Item label="现有库存">{b.onHand}</Descriptions.Item>
          <Descriptions.Item label="锁定库存">{b.locked}</Descriptions.Item>
          <Descriptions.Item label="可用库存">{b.available}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="最近库存流水" size="small">
        <Table<StockMovementRow>
          rowKey="id"
          size="small"
          data-testid="store-stock-movements"
          columns={movementColumns}
          dataSource={movements}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: '没有库存流水' }}
        />
      </Card>
      <Card title="库存编辑记录" size="small">
        <Table<StockMovementRow>
          rowKey="id"
          size="small"
          data-testid="store-stock-edits"
          columns={movementColumns}
          dataSource={edits}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: '没有库存编辑记录' }}
        />
      </Card>
    </Space>
  );
}
