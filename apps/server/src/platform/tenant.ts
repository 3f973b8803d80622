const MERCHANT_KEYS = new Set(['merchantId', 'merchant_id', 'bisMerchantId']);

/**
 * Finds a merchant id in the request (query, body, nested objects and arrays) that differs from the
 * session's merchant. The merchant always comes from the session; a different one is refused, never obeyed.
 */
export function foreignMerchantId(value: unknown, merchantId: number, depth = 0): string | undefined {
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = foreignMerchantId(v, merchantId, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    if (MERCHANT_KEYS.has(k) && v !== undefined && v !== null && v !== '' && String(v) !== String(merchantId)) return String(v);
    const found = foreignMerchantId(v, merchantId, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
