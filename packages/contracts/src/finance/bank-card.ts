import { z } from 'zod';
import { byIdInput, requiredText } from '../core/fields.ts';
import { versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { CAPITAL_ANCHORS } from './capital.ts';
import { partyCodeSchema } from './finance-fields.ts';

// 银行卡 (capital-card/{id}; docs/finance.md "银行卡"): the cards a party withdraws to. The number is checked by the
// Luhn algorithm and only ever shown masked; the bank comes from the bank list (gateway name bank.list).

/** Banks a card may belong to (code → name): the bank list the gateway serves. */
export const BANKS = {
  ICBC: '中国工商银行',
  ABC: '中国农业银行',
  BOC: '中国银行',
  CCB: '中国建设银行',
  BOCOM: '交通银行',
  PSBC: '中国邮政储蓄银行',
  CMB: '招商银行',
  CITIC: '中信银行',
  CEB: '中国光大银行',
  CMBC: '中国民生银行',
  CIB: '兴业银行',
  SPDB: '浦发银行',
  PAB: '平安银行',
  HXB: '华夏银行',
  GDB: '广发银行',
} as const;
export type BankCode = keyof typeof BANKS;

/** The Luhn (mod 10) check every bank card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that makes `body` + it pass the Luhn check (demo and test card numbers). */
export function withLuhnDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error(`not digits: ${body}`);
}

/** 6225 **** **** 1234: the first 4 and last 4 digits. */
export const maskCardNo = (cardNo: string) => `${cardNo.slice(0, 4)} **** **** ${cardNo.slice(-4)}`;

export const cardNoSchema = z
  .string({ error: '请输入银行卡号' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, '请输入银行卡号')
      .regex(/^\d{12,19}$/, '银行卡号应为12–19位数字')
      .refine(luhnValid, '银行卡号校验不通过，请核对卡号'),
  );

export const bankCodeSchema = z.enum(Object.keys(BANKS) as [BankCode, ...BankCode[]], { error: '请选择开户银行' });

export const bankCardAddInput = z.object({
  partyCode: partyCodeSchema,
  bankCode: bankCodeSchema,
  holderName: requiredText('持卡人', 2, 40),
  cardNo: cardNoSchema,
  isDefault: z.boolean().default(false),
});
export type BankCardAddInput = z.input<typeof bankCardAddInput>;

export const bankCardSchema = z.object({
  id: z.number(),
  bankCode: z.string(),
  bankName: z.string(),
  holderName: z.string(),
  /** Masked: 6225 **** **** 1234. */
  cardNo: z.string(),
  isDefault: z.boolean(),
  createdAt: z.number(),
  version: z.number(),
});
export type BankCard = z.infer<typeof bankCardSchema>;

const byCard = { ...byIdInput.shape, version: versionField };

export const bankCardOps = defineOperations(
  {
    anchor: CAPITAL_ANCHORS,
    merchantScope: 'merchant',
    targets: { partyCode: '资金账户', cardNo: '银行卡', id: '银行卡', bankCode: '开户银行' },
  },
  {
    list: { name: 'bankCard.list', label: '银行卡列表', input: z.object({ partyCode: partyCodeSchema }), output: z.array(bankCardSchema) },
    banks: {
      name: 'bank.list',
      label: '银行列表',
      input: z.object({}),
      output: z.array(z.object({ code: z.string(), name: z.string() })),
    },
    add: { name: 'bankCard.add', label: '绑定银行卡', writes: true, input: bankCardAddInput, output: bankCardSchema },
    setDefault: { name: 'bankCard.setDefault', label: '设为默认银行卡', writes: true, input: z.object(byCard), output: bankCardSchema },
    remove: {
      name: 'bankCard.remove',
      label: '解绑银行卡',
      summary: '解绑一张银行卡；有未完成提现的卡不能解绑',
      writes: true,
      input: z.object(byCard),
      output: z.null(),
    },
  },
);
