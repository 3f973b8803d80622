import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';

// 查看完整号码: the full number behind a phone the merchant pages mask (every attempt is logged).

/**
 * Phones the merchant pages mask, and the page anchor whose holders may reveal each (the page where
 * the number is edited). `id`: the merchant id for the merchant's own numbers, else the row id.
 */
export const MERCHANT_PHONE_KINDS = {
  merchantContact: { label: '商户联系电话', anchor: 'account-setting' },
  merchantService: { label: '商户客服电话', anchor: 'account-setting' },
  store: { label: '门店联系电话', anchor: 'shop-management-list' },
  staff: { label: '员工手机号', anchor: 'user-list' },
  settle: { label: '入驻申请联系电话', anchor: 'settle-apply' },
} as const;
export type MerchantPhoneKind = keyof typeof MERCHANT_PHONE_KINDS;

export const merchantPhoneRevealInput = z.object({
  kind: z.enum(Object.keys(MERCHANT_PHONE_KINDS) as [MerchantPhoneKind, ...MerchantPhoneKind[]], { error: '号码类型不正确' }),
  id: idSchema('ID'),
});

/** The answer of a reveal: the full number. */
export const phoneRevealSchema = z.object({ phone: z.string() });
export type PhoneReveal = z.infer<typeof phoneRevealSchema>;

export const phoneRevealOps = defineOperations(
  { merchantScope: 'merchant' },
  {
    /**
     * Open to the anchors of the pages that edit phones; the kind's own anchor is then required (account-setting
     * for the merchant's numbers, shop-management-list, user-list, settle-apply). `writes`: every attempt, allowed
     * or refused, is written to the operation log with its kind and id.
     */
    reveal: {
      name: 'merchant.phone.reveal',
      label: '查看商户手机号',
      summary: '查看完整手机号（记录操作日志）',
      anchor: [...new Set(Object.values(MERCHANT_PHONE_KINDS).map((k) => k.anchor))],
      writes: true,
      input: merchantPhoneRevealInput,
      output: phoneRevealSchema,
    },
  },
);
