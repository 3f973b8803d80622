import { stockLookupOps, type StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Descriptions, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { editorOf, movementsOf, type StockBalanceBook } from './stock-balance-book.ts';
import { StockEditForm, type StockEditValues } from './stock-edit-form.tsx';

/** Picks a SKU by name, code or barcode (one not yet held there too). */
function SkuPicker({ value, onPick }: { value?: number; onPick: (skuId: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['stock', 'sku-options', keyword],
    queryFn: () => call(stockLookupOps.skuOptions, keyword ? { keyword } : {}),
  });
  return (
    <Select
      showSearch
      id="stock-edit-sku"
      aria-label="选择SKU"
      style={{ width: 420 }}
      placeholder="输入SKU名称、编码或条码查找"
      filterOption={false}
      value={value}
      loading={q.isFetching}
      onSearch={setKeyword}
      onChange={(v: number) => onPick(v)}
      options={(q.data ?? []).map((o) => ({ value: o.skuId, label: `${o.skuName}（${o.skuCode}${o.barcode ? ` / ${o.barcode}` : ''}）` }))}
    />
  );
}

function Current({ row }: { row: StockBalanceRow }) {
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="stock-edit-current">
      <Descriptions.Item label="SKU编码">{row.skuCode}</Descriptions.Item>
      <Descriptions.Item label="SKU名称">{row.skuName}</Descriptions.Item>
      <Descriptions.Item label="条码">{row.barcode || '—'}</Descriptions.Item>
      <Descriptions.Item label="商品分类">{row.categoryPath || '—'}</Descriptions.Item>
      <Descriptions.Item label="现有库存">{row.onHand}</Descriptions.Item>
      <Descriptions.Item label="锁定库存">{row.locked}</Descriptions.Item>
      <Descriptions.Item label="可用库存">{row.available}</Descriptions.Item>
      <Descriptions.Item label="最后变动">{row.updatedAt ? formatDateTime(row.updatedAt) : '尚未入库'}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 库存编辑 of a book with one location (库存中心, 批发商库存): sets one SKU's 现有库存 and 锁定库存 there to new values with a
 * reason; the server posts the differences as 调整 / 锁定 / 解锁 movements. ?skuId= names the SKU (else pick one). The
 * form is guarded against leaving unsaved, asks for confirmation, and a stale version is refused by the server.
 */
export function StockEditorView({ book }: { book: StockBalanceBook }) {
  const ops = book.edit!.ops;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const skuId = Number(search.get('skuId')) || undefined;
  // spec §2's route parameters: `stock` / `lockStock` propose new numbers (a count, a reservation elsewhere); the current
  // ones always come from the server, the others (merchant, names, channels) are the server's to know
  const wanted = (name: string) => {
    const v = search.get(name);
    return v !== null && /^\d{1,9}$/.test(v) ? Number(v) : undefined;
  };
  const proposed = { stock: wanted('stock'), lockStock: wanted('lockStock') };
  const hasProposal = proposed.stock !== undefined || proposed.lockStock !== undefined;
  const [dirty, setDirty] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);
  const q = useQuery({
    queryKey: ['stock', `${book.key}-balance`, skuId],
    queryFn: () => call(ops.get, { skuId: skuId! }),
    enabled: !!skuId,
  });
  const save = useMutation({
    mutationFn: (v: StockEditValues) =>
      call(ops.edit, {
        skuId: skuId!,
        goodsId: q.data!.goodsId,
        skuName: q.data!.skuName,
        stock: v.stock,
        lockStock: v.lockStock,
        reason: v.reason,
        version: q.data!.version,
      }),
    onSuccess: async (r) => {
      message.success(`库存已更新（单据 ${r.docCode}）：现有 ${r.onHand}，锁定 ${r.locked}，可用 ${r.available}`);
      allowLeave();
      setDirty(false);
      await qc.invalidateQueries({ queryKey: ['stock'] });
      navigate(book.listPath);
    },
  });

  // another SKU replaces the form: unsaved changes are given up only when the user says so (the leave guard watches
  // leaving the page, not a new ?skuId= on it)
  const switchTo = (id: number) => {
    setDirty(false);
    navigate(editorOf(book, id), { replace: true });
  };
  const pick = (id: number) => {
    if (id === skuId) return;
    if (!dirty) return switchTo(id);
    modal.confirm({
      title: '放弃未保存的修改？',
      content: '当前SKU的库存修改还没有保存，换成另一个SKU将丢弃这些修改。',
      okText: '放弃修改',
      cancelText: '继续编辑',
      onOk: () => switchTo(id),
    });
  };

  return (
    <Card title={`库存编辑（${book.stockName}）`} data-testid="stock-editor">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <span>SKU：</span>
          <SkuPicker value={skuId} onPick={pick} />
          {skuId && <Link to={movementsOf(book, skuId)}>查看库存流水</Link>}
        </Space>
        {!skuId && <Alert type="info" showIcon message={`请选择要编辑库存的SKU（也可从${book.listTitle}列表点「编辑库存」进入）`} />}
        {skuId && q.isLoading && <Spin />}
        {q.data && (
          <>
            <Current row={q.data} />
            {hasProposal && (
              <Alert
                type="warning"
                showIcon
                data-testid="stock-edit-proposed"
                message={`链接带来的新值已填入：${proposed.stock !== undefined ? `现有库存 ${proposed.stock}` : ''}${
                  proposed.stock !== undefined && proposed.lockStock !== undefined ? '，' : ''
                }${proposed.lockStock !== undefined ? `锁定库存 ${proposed.lockStock}` : ''}，保存前请核对`}
              />
            )}
            <StockEditForm
              proposed={proposed}
              key={`${q.data.skuId}-${q.data.version}`}
              current={q.data}
              saving={save.isPending}
              onSubmit={(v) => save.mutateAsync(v)}
              onDirty={setDirty}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
