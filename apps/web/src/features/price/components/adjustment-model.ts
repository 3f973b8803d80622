import type { AdjustmentDetail, AdjustmentLineInput, EffectiveMode } from '@merchant/contracts/price/price-adjustment';
import { LOCAL_LIFE_CHANNEL, PRICE_SCOPES, type PriceScope } from '@merchant/contracts/price/price-fields';
import type { QuoteItemInput } from '@merchant/contracts/price/price-sheet';
import { centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';

// The 调价单 form's model, apart from React: what the URL may prefill, the lines a form makes (each SKU × each target,
// one new price per SKU), a draft read back into the form, and the resolver questions for the current prices.

/** A SKU on the form (picked, prefilled or read from a draft). */
export interface FormSku {
  skuId: number;
  skuCode: string;
  skuName: string;
  barcode?: string;
}

export interface AdjustmentFormValues {
  scopeType: PriceScope;
  scopeKeys: string[];
  /** New price in 元 by skuId (the form's InputNumber values). */
  prices: Record<string, number | null | undefined>;
  effectiveMode: EffectiveMode;
  /** Epoch ms of the scheduled time (the page converts the picker's value). */
  effectiveAt: number | null;
  reason: string;
}

const isScope = (v: string | null): v is PriceScope => !!v && v in PRICE_SCOPES;
const listOf = (v: string | null) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** ?scopeType=&scopeKeys=&skuIds= of a new order: unknown scopes and bad ids left out, duplicates once. */
export function parsePrefill(search: URLSearchParams): { scopeType?: PriceScope; scopeKeys: string[]; skuIds: number[] } {
  const scopeType = search.get('scopeType');
  const skuIds = [
    ...new Set(
      listOf(search.get('skuIds'))
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
  const scopeKeys = [...new Set(listOf(search.get('scopeKeys')).filter((k) => /^[A-Za-z0-9_-]{1,32}$/.test(k)))];
  return { ...(isScope(scopeType) ? { scopeType } : {}), scopeKeys, skuIds };
}

/**
 * ?cabinets=matching&skuIds=&deviceName= (调整柜价 on 商品柜价 with no cabinet ticked): the targets are every cabinet
 * carrying these SKUs whose name holds deviceName, resolved by the server (price.options.matchingCabinets). Null when
 * the address does not ask for it or names no SKU.
 */
export function parseMatchingCabinets(search: URLSearchParams): { skuIds: number[]; deviceName?: string } | null {
  if (search.get('cabinets') !== 'matching') return null;
  const { skuIds } = parsePrefill(search);
  if (skuIds.length === 0) return null;
  const deviceName = (search.get('deviceName') ?? '').trim();
  return { skuIds, ...(deviceName ? { deviceName } : {}) };
}

/** The order's lines: every SKU on every target at the SKU's new price (cents; NaN / undefined left for the server to name). */
export function linesOf(
  skus: readonly FormSku[],
  scopeKeys: readonly string[],
  prices: AdjustmentFormValues['prices'],
): AdjustmentLineInput[] {
  return skus.flatMap((s) =>
    scopeKeys.map((scopeKey) => ({ skuId: s.skuId, scopeKey, newPrice: yuanToCents(prices[String(s.skuId)]) as number })),
  );
}

/** What save / quick send for the form. */
export function toAdjustmentInput(values: AdjustmentFormValues, skus: readonly FormSku[]) {
  return {
    scopeType: values.scopeType,
    effectiveMode: values.effectiveMode,
    effectiveAt: values.effectiveMode === 'scheduled' ? values.effectiveAt : null,
    reason: values.reason.trim(),
    lines: linesOf(skus, values.scopeKeys, values.prices),
  };
}

/**
 * A draft read back into the form: its targets and SKUs in line order, each SKU's new price (the first line's, as the
 * form sets one price per SKU; `mixed` names SKUs whose lines differ, so the page can say so).
 */
export function fromDetail(d: Pick<AdjustmentDetail, 'scopeType' | 'effectiveMode' | 'effectiveAt' | 'reason' | 'lines'>): {
  values: AdjustmentFormValues;
  skus: FormSku[];
  mixed: number[];
} {
  const scopeKeys: string[] = [];
  const skus = new Map<number, FormSku>();
  const prices: Record<string, number | undefined> = {};
  const mixed = new Set<number>();
  const firstPrice = new Map<number, number>();
  for (const l of d.lines) {
    if (!scopeKeys.includes(l.scopeKey)) scopeKeys.push(l.scopeKey);
    if (!skus.has(l.skuId)) skus.set(l.skuId, { skuId: l.skuId, skuCode: l.skuCode, skuName: l.skuName, barcode: l.barcode });
    const first = firstPrice.get(l.skuId);
    if (first === undefined) {
      firstPrice.set(l.skuId, l.newPrice);
      prices[String(l.skuId)] = centsToYuanValue(l.newPrice);
    } else if (first !== l.newPrice) mixed.add(l.skuId);
  }
  return {
    values: {
      scopeType: isScope(d.scopeType) ? d.scopeType : 'cabinet',
      scopeKeys,
      prices,
      effectiveMode: d.effectiveMode === 'scheduled' ? 'scheduled' : 'now',
      effectiveAt: d.effectiveMode === 'scheduled' ? d.effectiveAt : null,
      reason: d.reason,
    },
    skus: [...skus.values()],
    mixed: [...mixed],
  };
}

/** The resolver question for a SKU's current price on one target of a scope. */
export function quoteItemOf(scopeType: PriceScope, scopeKey: string, skuId: number): QuoteItemInput {
  switch (scopeType) {
    case 'channel1':
      return { skuId, channelCode: scopeKey };
    case 'channel2':
      return { skuId, secondChannelId: Number(scopeKey) };
    case 'cabinet':
      return { skuId, deviceCode: scopeKey };
    case 'localLife':
      return { skuId, channelCode: LOCAL_LIFE_CHANNEL, ...(/^\d+$/.test(scopeKey) ? { storeId: Number(scopeKey) } : {}) };
  }
}

/** The current prices of a SKU over the targets as text-ready cents: one price, a range, or none known. */
export function priceSpan(prices: readonly number[]): { min: number; max: number } | null {
  if (prices.length === 0) return null;
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
