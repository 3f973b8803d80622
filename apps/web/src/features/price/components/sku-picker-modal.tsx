import { CABINET_CHANNEL } from '@merchant/contracts/price/price-fields';
import { priceSheetOps, type ChannelSheetRow } from '@merchant/contracts/price/price-sheet';
import { Modal } from 'antd';
import { useCallback } from 'react';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useRowSelection } from '../../../platform/list/row-selection.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import type { FormSku } from './adjustment-model.ts';
import { LayerTag, yuanColumn } from './price-parts.tsx';

const COLUMNS: ListColumn<ChannelSheetRow>[] = [
  { key: 'keyword', title: '关键词', hideInTable: true, search: { type: 'text', placeholder: 'SKU名称、编码或条码', inCompact: true } },
  { key: 'skuCode', title: 'SKU编码', width: 120 },
  { key: 'skuName', title: 'SKU名称', width: 220, ellipsis: true },
  { key: 'barcode', title: '条码', width: 140 },
  { key: 'categoryPath', title: '分类', width: 180, ellipsis: true },
  yuanColumn('basePrice', '基础价（元）'),
  yuanColumn('effectivePrice', '渠道现价（元）', { width: 130 }),
  { key: 'layer', title: '价格来源', width: 110, render: (v, r) => <LayerTag layer={String(v)} name={r.layerName} /> },
];

/**
 * 选择商品: the merchant's SKUs (with their price in a first channel, 智能柜 by default), ticked across pages and
 * searches; 确定 hands the ticked ones over. SKUs already on the form are ticked already.
 */
export function SkuPickerModal({
  open,
  channelCode = CABINET_CHANNEL,
  onPick,
  onClose,
}: {
  open: boolean;
  channelCode?: string;
  onPick: (skus: FormSku[]) => void;
  onClose: () => void;
}) {
  const keyOf = useCallback((r: ChannelSheetRow) => r.skuId, []);
  const { selection, selectedRows, clear } = useRowSelection<ChannelSheetRow>(keyOf);
  return (
    <Modal
      open={open}
      title="选择商品"
      width={1100}
      okText={selectedRows.length ? `确定（${selectedRows.length}）` : '确定'}
      okButtonProps={{ disabled: selectedRows.length === 0 }}
      onOk={() => {
        onPick(selectedRows.map((r) => ({ skuId: r.skuId, skuCode: r.skuCode, skuName: r.skuName, barcode: r.barcode })));
        clear();
      }}
      onCancel={() => {
        clear();
        onClose();
      }}
      destroyOnHidden
    >
      <QueryList<ChannelSheetRow>
        queryKey={['price', 'sku-picker', channelCode]}
        settingsId="price.sku-picker"
        paging="keyset"
        compact
        request={(p) => listLoader(priceSheetOps.channel)({ ...p, channelCode })}
        columns={COLUMNS}
        rowKey="skuId"
        rowSelection={selection}
        testId="sku-picker"
      />
    </Modal>
  );
}
