import {
  ADJUSTMENT_STATUS,
  ADJUSTMENT_STATUS_COLORS,
  PUSH_STATUS,
  PUSH_STATUS_COLORS,
  type AdjustmentStatus,
  type PushStatus,
} from '@merchant/contracts/price/price-adjustment';
import { PRICE_CHANNEL_STATUS } from '@merchant/contracts/price/price-channel';
import { PRICE_LAYERS, PRICE_SCOPES } from '@merchant/contracts/price/price-fields';
import { Tag } from 'antd';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn, ListOption } from '../../../shared/ui/list/list-columns.ts';

// Small pieces every price page shares: status and layer tags, option lists from the contracts' maps, money columns.

type Over<T> = Partial<ListColumn<T>>;

/** Select options of a code → name map. */
export const optionsOf = (m: Record<string | number, string>, numeric = false): ListOption[] =>
  Object.entries(m).map(([v, l]) => ({ value: numeric ? Number(v) : v, label: l }));

export const adjustmentStatusOptions = optionsOf(ADJUSTMENT_STATUS, true);
export const scopeOptions = optionsOf(PRICE_SCOPES);
export const layerOptions = optionsOf(PRICE_LAYERS);
export const channelStatusOptions = optionsOf(PRICE_CHANNEL_STATUS, true);

/** 草稿 / 待生效 / 已生效 / 已取消. */
export function AdjustmentStatusTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={ADJUSTMENT_STATUS_COLORS[status as AdjustmentStatus] ?? 'default'} data-testid="adjustment-status">
      {name ?? ADJUSTMENT_STATUS[status as AdjustmentStatus] ?? status}
    </Tag>
  );
}

/** 待推送 / 已发送 / 已确认 / 超时 / 失败. */
export function PushStatusTag({ status, name }: { status: number; name?: string }) {
  return <Tag color={PUSH_STATUS_COLORS[status as PushStatus] ?? 'default'}>{name ?? PUSH_STATUS[status as PushStatus] ?? status}</Tag>;
}

/** 启用 / 停用. */
export function ChannelStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'green' : 'default'}>{PRICE_CHANNEL_STATUS[status as 0 | 1] ?? status}</Tag>;
}

const LAYER_COLORS: Record<string, string> = {
  cabinet: 'magenta',
  channel2: 'purple',
  channel1: 'blue',
  localLife: 'cyan',
  base: 'default',
};
/** The layer a price came from (单柜价 > 二级渠道价 > 一级渠道价 > 基础价). */
export function LayerTag({ layer, name }: { layer: string; name?: string }) {
  return (
    <Tag color={LAYER_COLORS[layer] ?? 'default'} data-testid="price-layer">
      {name ?? PRICE_LAYERS[layer as keyof typeof PRICE_LAYERS] ?? layer}
    </Tag>
  );
}

/** Cents as 元 text; absent (a layer with no price of its own) as --. */
export const yuanText = (v: unknown) => (v === null || v === undefined ? '--' : centsToYuan(v as number));

/** A price in 元 (cents in the row), right-aligned. */
export const yuanColumn = <T,>(key: string, title: string, over?: Over<T>): ListColumn<T> => ({
  key,
  title,
  width: 120,
  align: 'right',
  render: (v) => yuanText(v),
  ...over,
});

/** old → new in 元 (an old price absent: the layer had none). */
export function PriceChange({ oldPrice, newPrice }: { oldPrice: number | null; newPrice: number }) {
  const up = oldPrice !== null && newPrice > oldPrice;
  const down = oldPrice !== null && newPrice < oldPrice;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {oldPrice === null ? '未设置' : yuanText(oldPrice)} →{' '}
      <b style={{ color: up ? '#cf1322' : down ? '#389e0d' : undefined }}>{yuanText(newPrice)}</b>
    </span>
  );
}
