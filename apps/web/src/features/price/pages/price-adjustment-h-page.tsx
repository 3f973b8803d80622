import { priceChannelOps } from '@merchant/contracts/price/price-channel';
import { priceSheetOps, type ChannelSheetRow } from '@merchant/contracts/price/price-sheet';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useRowSelection } from '../../../platform/list/row-selection.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { PRICE_ADJUSTMENT_LIST } from '../components/price-paths.ts';
import { ChannelHistoryDrawer } from '../components/channel-history-drawer.tsx';
import { ChannelStatusTag, yuanColumn } from '../components/price-parts.tsx';
import { useFirstChannels } from '../components/price-pickers.tsx';
import { effectiveColumns, skuDetailColumns, skuSheetColumns } from '../components/sheet-columns.tsx';
import { SheetToolbar } from '../components/sheet-toolbar.tsx';

/**
 * price-adjustment-h/{firstChannelName}/{secondChannelId}/{secondChannelName?} (渠道价格): the SKUs of a first channel
 * (secondChannelId 0) or of one of its second channels, with the channel price and the price that wins there; batch
 * 调价 creates an adjustment order on that channel.
 */
export default function PriceAdjustmentHPage() {
  const params = useParams();
  const firstChannels = useFirstChannels();
  const firstName = params.firstChannelName ?? '';
  const first = firstChannels.find((c) => c.name === firstName || c.code === firstName);
  const secondId = Number(params.secondChannelId);
  const second = useQuery({
    queryKey: ['price', 'channel', secondId],
    queryFn: () => call(priceChannelOps.detail, { id: secondId }),
    enabled: secondId > 0,
  });
  const keyOf = useCallback((r: ChannelSheetRow) => r.skuId, []);
  const { selection, selectedRows, clear } = useRowSelection<ChannelSheetRow>(keyOf);
  const [historyOpen, setHistoryOpen] = useState(false);

  const back = <Link to={`${PRICE_ADJUSTMENT_LIST}?tab=channels`}>返回渠道价格</Link>;
  if (!Number.isInteger(secondId) || secondId < 0) return <Result status="404" title="渠道不正确" extra={back} />;
  if (!first && firstChannels.length) return <Result status="warning" title={`没有一级渠道“${firstName}”`} extra={back} />;
  if (secondId > 0 && second.isError) return <Result status="warning" title="找不到该二级渠道" extra={back} />;
  const channelCode = second.data?.firstChannelCode ?? first?.code ?? '';
  if (!channelCode) return null;

  const isSecond = secondId > 0;
  const scopeType = isSecond ? 'channel2' : 'channel1';
  const scopeKey = isSecond ? String(secondId) : channelCode;
  const targetName = isSecond
    ? `${second.data?.firstChannelName ?? firstName} / ${second.data?.name ?? params.secondChannelName ?? ''}`
    : (first?.name ?? firstName);
  const columns: ListColumn<ChannelSheetRow>[] = [
    ...skuSheetColumns<ChannelSheetRow>(),
    yuanColumn('basePrice', '基础价（元）'),
    yuanColumn('channel1Price', `${first?.name ?? ''}渠道价（元）`, { width: 150 }),
    ...(isSecond ? [yuanColumn<ChannelSheetRow>('channel2Price', '二级渠道价（元）', { width: 140 })] : []),
    ...effectiveColumns<ChannelSheetRow>(),
    ...skuDetailColumns<ChannelSheetRow>(),
  ];
  const current = (r: ChannelSheetRow) => (isSecond ? r.channel2Price : r.channel1Price) ?? r.effectivePrice;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3, xl: 4 }}
          items={[
            { key: 'first', label: '一级渠道', children: second.data?.firstChannelName ?? first?.name ?? firstName },
            ...(isSecond
              ? [
                  { key: 'second', label: '二级渠道', children: second.data?.name ?? params.secondChannelName ?? secondId },
                  { key: 'status', label: '状态', children: second.data ? <ChannelStatusTag status={second.data.status} /> : '--' },
                  { key: 'devices', label: '智能柜数', children: second.data?.deviceCount ?? '--' },
                ]
              : []),
          ]}
        />
      </Card>
      <QueryList<ChannelSheetRow>
        queryKey={['price', 'channel-sheet', channelCode, secondId]}
        settingsId={isSecond ? 'price.channel2-sheet' : 'price.channel1-sheet'}
        paging="keyset"
        request={(p) => listLoader(priceSheetOps.channel)({ ...p, channelCode, ...(isSecond ? { secondChannelId: secondId } : {}) })}
        columns={columns}
        rowKey="skuId"
        title={`${targetName} 渠道价格`}
        testId="channel-sheet"
        rowSelection={selection}
        exportable={{
          operation: priceSheetOps.channel,
          exportName: `渠道价格-${targetName.replace(/\s*\/\s*/g, '-')}`,
          body: (f) => ({ ...f, channelCode, ...(isSecond ? { secondChannelId: secondId } : {}) }),
        }}
        toolbar={
          <SheetToolbar
            scopeType={scopeType}
            scopeKey={scopeKey}
            targetName={targetName}
            selected={selectedRows.map((r) => ({ skuId: r.skuId, skuCode: r.skuCode, skuName: r.skuName, currentPrice: current(r) }))}
            onAdjusted={clear}
            extra={
              isSecond ? (
                <Button onClick={() => setHistoryOpen(true)} data-testid="channel-history-open">
                  变更记录
                </Button>
              ) : null
            }
          />
        }
      />
      <ChannelHistoryDrawer
        channel={historyOpen && second.data ? { id: secondId, name: second.data.name } : null}
        onClose={() => setHistoryOpen(false)}
      />
    </Space>
  );
}
