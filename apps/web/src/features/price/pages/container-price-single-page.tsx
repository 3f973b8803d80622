import { priceSheetOps, type CabinetSheetRow } from '@merchant/contracts/price/price-sheet';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Form, Space } from 'antd';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useRowSelection } from '../../../platform/list/row-selection.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { channelSheetPath } from '../components/price-paths.ts';
import { yuanColumn } from '../components/price-parts.tsx';
import { CabinetSelect } from '../components/price-pickers.tsx';
import { effectiveColumns, skuDetailColumns, skuSheetColumns } from '../components/sheet-columns.tsx';
import { SheetToolbar } from '../components/sheet-toolbar.tsx';

const columns: ListColumn<CabinetSheetRow>[] = [
  ...skuSheetColumns<CabinetSheetRow>(),
  yuanColumn('basePrice', '基础价（元）'),
  yuanColumn('channel1Price', '智能柜渠道价（元）', { width: 150 }),
  yuanColumn('channel2Price', '二级渠道价（元）', { width: 140 }),
  yuanColumn('cabinetPrice', '单柜价（元）'),
  ...effectiveColumns<CabinetSheetRow>(),
  ...skuDetailColumns<CabinetSheetRow>(),
];

function CabinetSheet({ deviceCode }: { deviceCode: string }) {
  const info = useQuery({
    queryKey: ['price', 'cabinet-info', deviceCode],
    queryFn: () => call(priceSheetOps.cabinetInfo, { deviceCode }),
  });
  const keyOf = useCallback((r: CabinetSheetRow) => r.skuId, []);
  const { selection, selectedRows, clear } = useRowSelection<CabinetSheetRow>(keyOf);
  const c = info.data;
  const targetName = c ? `${c.name}（${c.deviceCode}）` : deviceCode;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {c ? (
        <Card variant="borderless" size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3, xl: 5 }}
            items={[
              { key: 'name', label: '智能柜', children: targetName },
              { key: 'model', label: '柜型', children: c.modelName },
              { key: 'status', label: '状态', children: c.statusName },
              {
                key: 'channel',
                label: '二级渠道',
                children: c.secondChannelId ? (
                  <Link to={channelSheetPath('智能柜', c.secondChannelId, c.secondChannelName)}>{c.secondChannelName}</Link>
                ) : (
                  '未加入'
                ),
              },
              { key: 'count', label: '单柜价SKU数', children: c.cabinetPriceCount },
            ]}
          />
        </Card>
      ) : null}
      <QueryList<CabinetSheetRow>
        queryKey={['price', 'cabinet-sheet', deviceCode]}
        settingsId="price.cabinet-sheet"
        paging="keyset"
        request={(p) => listLoader(priceSheetOps.cabinet)({ ...p, deviceCode })}
        columns={columns}
        rowKey="skuId"
        title="柜内商品价格"
        testId="cabinet-sheet"
        rowSelection={selection}
        exportable={{ operation: priceSheetOps.cabinet, exportName: `单柜价格-${deviceCode}`, body: (f) => ({ ...f, deviceCode }) }}
        toolbar={
          <SheetToolbar
            scopeType="cabinet"
            scopeKey={deviceCode}
            targetName={targetName}
            selected={selectedRows.map((r) => ({ skuId: r.skuId, skuCode: r.skuCode, skuName: r.skuName, currentPrice: r.effectivePrice }))}
            onAdjusted={clear}
          />
        }
      />
    </Space>
  );
}

/** containerPrice-single (单柜价格): pick a cabinet; its SKUs with each price layer and the one that wins; batch 调价. */
export default function ContainerPriceSinglePage() {
  const [search, setSearch] = useSearchParams();
  const deviceCode = search.get('deviceCode') ?? '';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Form layout="inline">
          <Form.Item label="智能柜" style={{ minWidth: 420 }}>
            <CabinetSelect
              id="cabinet-picker"
              value={deviceCode || undefined}
              onChange={(v) => setSearch(v ? { deviceCode: String(v) } : {}, { replace: true })}
            />
          </Form.Item>
        </Form>
      </Card>
      {deviceCode ? (
        <CabinetSheet key={deviceCode} deviceCode={deviceCode} />
      ) : (
        <Card variant="borderless">
          <Empty description="请选择智能柜，查看其商品的各层价格与现价" />
        </Card>
      )}
    </Space>
  );
}
