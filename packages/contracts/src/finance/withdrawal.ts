import { z } from 'zod';
import { optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf, timeRange } from '../core/paging.ts';
import { CAPITAL_ANCHORS } from './capital.ts';
import { amountField, partyCodeSchema, WITHDRAWAL_ACTIONS, WITHDRAWAL_REVIEW_ANCHOR, WITHDRAWAL_STATUS } from './finance-fields.ts';

// 提现 (docs/finance.md "提现"): a party asks to withdraw from its 可用 balance to a bank card; the amount moves to 在途
// at once (never more than 可用, even under concurrent requests); a reviewer approves it (待打款) and confirms the
// payment (已打款: the money leaves the payment channel), or rejects it (已驳回: back to 可用).

export const WITHDRAW_NO_PREFIX = 'TX';
export const withdrawNoSchema = z
  .string({ error: '请输入提现单号' })
  .trim()
  .toUpperCase()
  .regex(/^TX\d{10}$/, '提现单号不正确');

export const withdrawalStatusSchema = z.coerce
  .number({ error: '提现状态不正确' })
  .int('提现状态不正确')
  .refine((v) => v in WITHDRAWAL_STATUS, '提现状态不正确');

export const withdrawalApplyInput = z.object({
  partyCode: partyCodeSchema,
  /** Cents. */
  amount: amountField('提现金额'),
  /** The bank card's id (one of the party's). */
  cardId: z.coerce.number({ error: '请选择银行卡' }).int('请选择银行卡').positive('请选择银行卡'),
  remark: optionalText('备注', 200),
});
export type WithdrawalApplyInput = z.input<typeof withdrawalApplyInput>;

const byNo = { withdrawNo: withdrawNoSchema };
export const withdrawalStepInput = z.object({ ...byNo, version: versionField, remark: optionalText('审核意见', 200) });
export const withdrawalRejectInput = z.object({ ...byNo, version: versionField, reason: requiredText('驳回原因', 2, 200) });

export const withdrawalListInput = listInput(
  {
    partyCode: partyCodeSchema.optional(),
    withdrawNo: z.string().trim().max(24, '提现单号不正确').optional(),
    status: withdrawalStatusSchema.optional(),
    createdRange: timeRange,
  },
  ['createdAt', 'amount'],
);

export const withdrawalRowSchema = z.object({
  withdrawNo: z.string(),
  partyCode: z.string(),
  partyName: z.string(),
  partyTypeName: z.string(),
  /** Cents. */
  amount: z.number(),
  /** 招商银行 6225 **** **** 1234 */
  cardText: z.string(),
  status: z.number(),
  statusName: z.string(),
  remark: z.string(),
  rejectReason: z.string(),
  applicantName: z.string(),
  reviewerName: z.string(),
  createdAt: z.number(),
  reviewedAt: z.number().nullable(),
  paidAt: z.number().nullable(),
  /** What the reviewer may do now (and only if the session holds the review permission). */
  actions: z.array(z.enum(WITHDRAWAL_ACTIONS)),
  version: z.number(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;

export const withdrawalOps = defineOperations(
  { anchor: CAPITAL_ANCHORS, merchantScope: 'merchant', targets: { withdrawNo: '提现单', partyCode: '资金账户' } },
  {
    list: {
      name: 'withdrawal.list',
      label: '提现记录',
      input: withdrawalListInput,
      output: pagedOf(withdrawalRowSchema),
      exportable: true,
    },
    history: { name: 'withdrawal.history', label: '提现日志', input: historyInput(byNo), output: pagedOf(historyEntrySchema) },
    apply: {
      name: 'withdrawal.apply',
      label: '申请提现',
      summary: '从可用余额提现到银行卡：金额即时转入在途，不超过可用余额',
      writes: true,
      input: withdrawalApplyInput,
      output: withdrawalRowSchema,
    },
    approve: {
      name: 'withdrawal.approve',
      label: '提现审核通过',
      anchor: WITHDRAWAL_REVIEW_ANCHOR,
      writes: true,
      input: withdrawalStepInput,
      output: withdrawalRowSchema,
    },
    pay: {
      name: 'withdrawal.pay',
      label: '确认提现打款',
      summary: '确认款项已打到银行卡：在途金额离开支付通道',
      anchor: WITHDRAWAL_REVIEW_ANCHOR,
      writes: true,
      input: withdrawalStepInput,
      output: withdrawalRowSchema,
    },
    reject: {
      name: 'withdrawal.reject',
      label: '驳回提现',
      summary: '驳回待审核或待打款的提现：在途金额退回可用余额',
      anchor: WITHDRAWAL_REVIEW_ANCHOR,
      writes: true,
      input: withdrawalRejectInput,
      output: withdrawalRowSchema,
    },
  },
);
