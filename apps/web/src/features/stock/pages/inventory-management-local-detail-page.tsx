import { storeMovementOps, type StockMovementRow } from '@merchant/contracts/stock/stock-movement';
import { storeStockOps } from '@merchant/contracts/stock/store-stock';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Spin, Table, type TableColumnsType } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { movementColumns as bookColumns, movementTimeColumn } from '../components/stock-movement-list-view.tsx';
import { LOCAL_LIST, localEditPath } from '../components/store-stock-parts.tsx';

/** One balance's movements: the list view's columns without the SKU's (the page is one SKU's). */
const SKU_KEYS = new Set(['skuCode', 'skuName', 'sku', 'skuId', 'barcode']);
const movementColumns: ListColumn<StockMovementRow>[] = [movementTimeColumn, ...bookColumns.filter((c) => !SKU_KEYS.has(c.key))];
const editColumns: TableColumnsType<StockMovementRow> = movementColumns
  .filter((c) => c.key !== 'docTypeName')
  .map((c) => ({ key: c.key, dataIndex: c.key, title: c.title, width: c.width, align: c.align, ellipsis: c.ellipsis, render: c.render }));

/**
 * inventory-management-local-detail (门店库存详情): one store balance (?id=, or ?storeCode=&skuId=): its numbers, all its
 * movements (keyset paged, filterable, exportable: storeMovementOps.list) and its latest hand edits.
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
  const { balance: b, edits } = q.data;
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
      {/* every movement of this store × SKU, keyset paged, filterable and exportable (the store's 库存流水) */}
      <QueryList<StockMovementRow>
        queryKey={['stock', 'store-movements', b.locationId, b.skuId]}
        settingsId="stock.store.movements"
        paging="keyset"
        request={(p) => listLoader(storeMovementOps.list)({ ...p, locationId: b.locationId, skuId: b.skuId })}
        columns={movementColumns}
        rowKey="id"
        title="库存流水"
        testId="store-stock-movements"
        compact
        exportable={{
          operation: storeMovementOps.list,
          exportName: `门店库存流水-${b.storeName}-${b.skuCode}`,
          body: (f) => ({ ...f, locationId: b.locationId, skuId: b.skuId }),
        }}
        emptyText="没有库存流水"
      />
      <Card title="库存编辑记录" size="small">
        <Table<StockMovementRow>
          rowKey="id"
          size="small"
          data-testid="store-stock-edits"
          columns={editColumns}
          dataSource={edits}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: '没有库存编辑记录' }}
        />
      </Card>
    </Space>
  );
}
