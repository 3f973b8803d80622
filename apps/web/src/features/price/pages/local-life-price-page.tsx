import { LOCAL_LIFE_ALL_STORES } from '@merchant/contracts/price/price-fields';
import { priceSheetOps, type LocalLifeSheetRow } from '@merchant/contracts/price/price-sheet';
import { Card, Form, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useRowSelection } from '../../../platform/list/row-selection.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { yuanColumn } from '../components/price-parts.tsx';
import { StoreSelect } from '../components/price-pickers.tsx';
import { effectiveColumns, skuDetailColumns, skuSheetColumns } from '../components/sheet-columns.tsx';
import { SheetToolbar } from '../components/sheet-toolbar.tsx';

/**
 * containerPrice-local-life-price (本地生活价格): the local-life price of each SKU for every store (全部门店) or for one
 * store (its own price wins over the all-stores price); batch 调价 on the chosen store or on all.
 */
export default function LocalLifePricePage() {
  const [search, setSearch] = useSearchParams();
  const store = search.get('storeId') ?? LOCAL_LIFE_ALL_STORES;
  const storeId = /^\d+$/.test(store) ? Number(store) : undefined;
  const [storeName, setStoreName] = useState('全部门店');
  const keyOf = useCallback((r: LocalLifeSheetRow) => r.skuId, []);
  const { selection, selectedRows, clear } = useRowSelection<LocalLifeSheetRow>(keyOf);
  const columns: ListColumn<LocalLifeSheetRow>[] = [
    ...skuSheetColumns<LocalLifeSheetRow>(),
    yuanColumn('basePrice', '基础价（元）'),
    yuanColumn('allStoresPrice', '全部门店价（元）', { width: 140 }),
    ...(storeId ? [yuanColumn<LocalLifeSheetRow>('storePrice', '本店价（元）')] : []),
    ...effectiveColumns<LocalLifeSheetRow>(),
    ...skuDetailColumns<LocalLifeSheetRow>(),
  ];
  const current = (r: LocalLifeSheetRow) => (storeId ? r.storePrice : r.allStoresPrice) ?? r.effectivePrice;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Form layout="inline">
          <Form.Item label="门店" style={{ minWidth: 360 }}>
            <StoreSelect
              id="store-picker"
              value={store}
              onChange={(v) => {
                setSearch(v && v !== LOCAL_LIFE_ALL_STORES ? { storeId: String(v) } : {}, { replace: true });
                clear();
              }}
            />
          </Form.Item>
        </Form>
      </Card>
      <QueryList<LocalLifeSheetRow>
        key={store}
        queryKey={['price', 'local-life-sheet', store]}
        settingsId={storeId ? 'price.local-life-store' : 'price.local-life-all'}
        paging="keyset"
        request={async (p) => {
          const page = await listLoader(priceSheetOps.localLife)({ ...p, ...(storeId ? { storeId } : {}) });
          if (storeId && page.list[0]?.storeName) setStoreName(page.list[0].storeName);
          return page;
        }}
        columns={columns}
        rowKey="skuId"
        title="本地生活价格"
        testId="local-life-sheet"
        rowSelection={selection}
        exportable={{ operation: priceSheetOps.localLife, body: (f) => ({ ...f, ...(storeId ? { storeId } : {}) }) }}
        toolbar={
          <SheetToolbar
            scopeType="localLife"
            scopeKey={store}
            targetName={storeId ? storeName : '全部门店'}
            selected={selectedRows.map((r) => ({ skuId: r.skuId, skuCode: r.skuCode, skuName: r.skuName, currentPrice: current(r) }))}
            onAdjusted={clear}
          />
        }
      />
    </Space>
  );
}
