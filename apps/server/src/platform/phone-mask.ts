import { resolveMaskedPhone } from '@merchant/contracts';
import { loadAccess } from './auth/access.ts';
import { badInput, forbidden } from './errors.ts';
import type { OpContext } from './gateway/op-context.ts';

// Decision "the masking rule": every phone the server answers is masked (maskPhone); an edit form
// sends back the masked value it was filled with when the number is not changed, and the stored
// number stays; the full number is only given by an explicit, audited reveal.

/**
 * The number an edit stores: the input, or — when the input is the masked form of the stored
 * number — the stored one. A masked value that is not the stored number's mask is refused.
 */
export function keepPhone(input: string, stored: string, field: string, label: string): string {
  const phone = resolveMaskedPhone(input, stored);
  if (phone === null) throw badInput(`${label}不完整：修改${label}时请输入完整的号码（字段：${field}）`);
  return phone;
}

/**
 * Revealing a number needs the anchor of the page that edits it (not only the page that shows it).
 * The reveal operation itself is `mutates`, so the gateway writes every attempt to the operation log.
 */
export async function requireRevealAnchor(ctx: OpContext, anchor: string, label: string): Promise<void> {
  const access = await loadAccess(ctx.db, ctx.session!);
  if (!access.isAdmin && !access.anchors.has(anchor)) throw forbidden(`没有查看完整${label}的权限`);
}
