import { storeStockOps } from '@merchant/contracts/stock/store-stock';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Descriptions, Space, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { StockEditForm, type StockEditValues } from '../components/stock-edit-form.tsx';
import {
  LOCAL_LIST,
  StoreStockAddForm,
  localDetailPath,
  useOpenStores,
  type StoreStockAddValues,
} from '../components/store-stock-parts.tsx';

/** inventory-edit (no id): 新增门店库存 — an open store, a SKU, the quantity as an 入库 movement with a reason. */
function AddStoreStock({ onDirty, onSaved }: { onDirty: (d: boolean) => void; onSaved: (id: number) => void }) {
  const { message } = App.useApp();
  const stores = useOpenStores();
  const save = useMutation({
    mutationFn: (v: StoreStockAddValues) => call(storeStockOps.add, v),
    onSuccess: (r) => {
      message.success(`已入库（单据 ${r.docCode}）：现有 ${r.onHand}`);
      onSaved(r.id);
    },
  });
  if (stores.isLoading) return <Spin />;
  if (!stores.data?.length) return <Alert type="warning" showIcon message="没有营业中的门店，请先在门店管理中新增或恢复营业" />;
  return <StoreStockAddForm stores={stores.data} saving={save.isPending} onSubmit={(v) => save.mutateAsync(v)} onDirty={onDirty} />;
}

/** inventory-edit/:id: the hand edit of one store balance (调整 / 锁定 / 解锁) with its version. */
function EditStoreStock({ id, onDirty, onSaved }: { id: number; onDirty: (d: boolean) => void; onSaved: (id: number) => void }) {
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['stock', 'store-balance', id], queryFn: () => call(storeStockOps.get, { id }) });
  const save = useMutation({
    mutationFn: (v: StockEditValues) =>
      call(storeStockOps.edit, { id, stock: v.stock, lockStock: v.lockStock, reason: v.reason, version: q.data!.balance.version }),
    onSuccess: (r) => {
      message.success(`库存已更新（单据 ${r.docCode}）：现有 ${r.onHand}，锁定 ${r.locked}，可用 ${r.available}`);
      onSaved(id);
    },
  });
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="error" showIcon message="门店库存不存在" />;
  const b = q.data.balance;
  return (
    <>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="stock-edit-current">
        <Descriptions.Item label="门店">
          {b.storeName}（{b.storeCode}）
        </Descriptions.Item>
        <Descriptions.Item label="SKU">
          {b.skuName}（{b.skuCode}）
        </Descriptions.Item>
        <Descriptions.Item label="现有库存">{b.onHand}</Descriptions.Item>
        <Descriptions.Item label="锁定库存">{b.locked}</Descriptions.Item>
        <Descriptions.Item label="可用库存">{b.available}</Descriptions.Item>
        <Descriptions.Item label="最后变动">{b.updatedAt ? formatDateTime(b.updatedAt) : '—'}</Descriptions.Item>
      </Descriptions>
      <StockEditForm
        key={`${b.id}-${b.version}`}
        current={b}
        saving={save.isPending}
        onSubmit={(v) => save.mutateAsync(v)}
        onDirty={onDirty}
      />
    </>
  );
}

/**
 * inventory-edit/{id?} (本地库存): without id 新增门店库存, with id 编辑 one store balance. Guarded against leaving
 * unsaved; after saving it opens the balance's 详情.
 */
export default function InventoryEditPage() {
  const params = useParams();
  const id = Number(params.id) || undefined;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);
  const saved = async (balanceId: number) => {
    allowLeave();
    setDirty(false);
    await qc.invalidateQueries({ queryKey: ['stock'] });
    navigate(localDetailPath(balanceId));
  };
  return (
    <Card title={id ? '编辑门店库存' : '新增门店库存'} extra={<Link to={LOCAL_LIST}>返回库存列表</Link>} data-testid="store-stock-editor">
      <Space direction="vertical" style={{ width: '100%' }}>
        {id ? <EditStoreStock id={id} onDirty={setDirty} onSaved={saved} /> : <AddStoreStock onDirty={setDirty} onSaved={saved} />}
      </Space>
    </Card>
  );
}
