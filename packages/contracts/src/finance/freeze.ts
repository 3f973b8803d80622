import { z } from 'zod';
import { requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { CAPITAL_ANCHORS } from './capital.ts';
import { amountField, CAPITAL_FREEZE_ANCHOR, FREEZE_STATUS, partyCodeSchema } from './finance-fields.ts';

// 资金冻结 (capital-frozen/{id}; docs/finance.md "冻结"): staff hold back part of a party's 可用 balance (a dispute, a
// deposit) with a reason; releasing it returns the amount to 可用. Never more than 可用.

export const freezeNoSchema = z
  .string({ error: '请输入冻结单号' })
  .trim()
  .toUpperCase()
  .regex(/^DJ\d{10}$/, '冻结单号不正确');

export const freezeInput = z.object({
  partyCode: partyCodeSchema,
  amount: amountField('冻结金额'),
  reason: requiredText('冻结原因', 2, 200),
});
export type FreezeInput = z.input<typeof freezeInput>;
export const releaseInput = z.object({ freezeNo: freezeNoSchema, version: versionField, reason: requiredText('解冻原因', 2, 200) });

export const freezeListInput = listInput(
  {
    partyCode: partyCodeSchema,
    status: z.coerce
      .number({ error: '冻结状态不正确' })
      .int('冻结状态不正确')
      .refine((v) => v in FREEZE_STATUS, '冻结状态不正确')
      .optional(),
  },
  ['createdAt'],
);

export const freezeRowSchema = z.object({
  freezeNo: z.string(),
  partyCode: z.string(),
  partyName: z.string(),
  /** Cents. */
  amount: z.number(),
  reason: z.string(),
  status: z.number(),
  statusName: z.string(),
  releaseReason: z.string(),
  operatorName: z.string(),
  releasedByName: z.string(),
  createdAt: z.number(),
  releasedAt: z.number().nullable(),
  canRelease: z.boolean(),
  version: z.number(),
});
export type FreezeRow = z.infer<typeof freezeRowSchema>;

export const freezeOps = defineOperations(
  { anchor: CAPITAL_ANCHORS, merchantScope: 'merchant', targets: { freezeNo: '冻结单', partyCode: '资金账户' } },
  {
    list: { name: 'capitalFreeze.list', label: '冻结记录', input: freezeListInput, output: pagedOf(freezeRowSchema) },
    history: {
      name: 'capitalFreeze.history',
      label: '冻结单日志',
      input: historyInput({ freezeNo: freezeNoSchema }),
      output: pagedOf(historyEntrySchema),
    },
    freeze: {
      name: 'capitalFreeze.freeze',
      label: '冻结资金',
      summary: '从可用余额冻结一笔资金（不超过可用余额）',
      anchor: CAPITAL_FREEZE_ANCHOR,
      writes: true,
      input: freezeInput,
      output: freezeRowSchema,
    },
    release: {
      name: 'capitalFreeze.release',
      label: '解冻资金',
      summary: '解冻一笔冻结中的资金，金额退回可用余额',
      anchor: CAPITAL_FREEZE_ANCHOR,
      writes: true,
      input: releaseInput,
      output: freezeRowSchema,
    },
  },
);
