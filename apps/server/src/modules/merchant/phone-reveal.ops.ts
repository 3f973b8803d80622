import { MERCHANT_PHONE_KINDS, phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import { implement } from '../../platform/gateway/registry.ts';
import { requireRevealAnchor } from '../../platform/phone-mask.ts';
import * as info from './merchant-info.service.ts';
import * as settle from './settle-apply.service.ts';
import * as staff from './staff.service.ts';
import * as store from './store.service.ts';

/**
 * 查看完整号码: the one way to the full number behind a masked phone. Open to the anchors of the pages
 * that edit phones; the kind's own anchor is then required (account-setting for the merchant's
 * numbers, shop-management-list, user-list, settle-apply). Every attempt, allowed or refused, is
 * written to the operation log with its kind and id.
 */
export const phoneReveal = implement(phoneRevealOps.reveal, async (ctx, i) => {
  const kind = MERCHANT_PHONE_KINDS[i.kind];
  await requireRevealAnchor(ctx, kind.anchor, kind.label);
  switch (i.kind) {
    case 'merchantContact':
    case 'merchantService':
      return { phone: await info.fullPhone(ctx, i.id, i.kind) };
    case 'store':
      return { phone: await store.fullPhone(ctx, i.id) };
    case 'staff':
      return { phone: await staff.fullPhone(ctx, i.id) };
    case 'settle':
      return { phone: await settle.fullPhone(ctx, i.id) };
  }
});
