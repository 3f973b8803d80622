import { z } from 'zod';
import { phoneOrMask } from '../core/format.ts';
import { idSchema, optionalText, PHONE_RE, regionFields, requiredText, TEL_RE } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { regionNodeSchema } from '../device/point.ts';

// 前置仓 / 仓主管理 (entrepot-owner-list, section 123): the merchant's front warehouses, each run by its owner (仓主) and
// holding its own stock location (stock_location kind 'front', code = the warehouse code) on the stock ledger. A
// merchant has tens of them: offset paging. docs/stock.md.

export const FRONT_WAREHOUSE_STATUS = { 1: '启用', 0: '停用' } as const;
export type FrontWarehouseStatus = keyof typeof FRONT_WAREHOUSE_STATUS;
export const FRONT_WAREHOUSE_ENABLED = 1;
export const FRONT_WAREHOUSE_DISABLED = 0;
/** Tag colours of the states (antd Tag colour names). */
export const FRONT_WAREHOUSE_STATUS_COLORS: Readonly<Record<FrontWarehouseStatus, string>> = { 1: 'green', 0: 'default' };

/** The state machine: each action, the states it may start from and the state it leads to. */
export const FRONT_WAREHOUSE_TRANSITIONS = {
  edit: { label: '编辑', from: [0, 1], to: null },
  enable: { label: '启用', from: [0], to: 1 },
  disable: { label: '停用', from: [1], to: 0 },
} as const satisfies Record<string, { label: string; from: readonly FrontWarehouseStatus[]; to: FrontWarehouseStatus | null }>;
export type FrontWarehouseTransition = keyof typeof FRONT_WAREHOUSE_TRANSITIONS;
export function frontWarehouseAllowed(action: FrontWarehouseTransition, status: number): boolean {
  return (FRONT_WAREHOUSE_TRANSITIONS[action].from as readonly number[]).includes(status);
}

/** The code prefix of a front warehouse (QZ + 8 digits). */
export const FRONT_WAREHOUSE_CODE_PREFIX = 'QZ';
/** The largest area one may give, m². */
export const MAX_FRONT_WAREHOUSE_AREA = 100_000;

/** The refusal of 停用 while the warehouse still holds stock. */
export const FRONT_WAREHOUSE_HOLDS_STOCK = '仍有库存，不能停用：请先退货或调出全部库存后再停用';

const ownerPhoneSchema = z
  .string({ error: '请输入仓主手机号' })
  .trim()
  .min(1, '请输入仓主手机号')
  .regex(PHONE_RE, '仓主手机号格式不正确（11位手机号）');

export const frontWarehouseFields = {
  name: requiredText('前置仓名称', 2, 30),
  ownerName: requiredText('仓主姓名', 2, 20),
  ownerPhone: ownerPhoneSchema,
  contactTel: z
    .string({ error: '联系电话格式不正确' })
    .trim()
    .max(20, '联系电话不能超过20位')
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || TEL_RE.test(v), '联系电话格式不正确（手机号、座机或400电话）'),
  ...regionFields,
  address: requiredText('详细地址', 5, 100),
  area: z
    .union([z.literal(''), z.null(), z.coerce.number({ error: '面积必须是数字' })])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? 0 : v))
    .pipe(
      z
        .number({ error: '面积必须是数字' })
        .int('面积必须是整数（平方米）')
        .min(0, '面积不能小于0')
        .max(MAX_FRONT_WAREHOUSE_AREA, `面积不能超过${MAX_FRONT_WAREHOUSE_AREA}平方米`),
    ),
  remark: optionalText('备注', 200),
};
export const frontWarehouseAddInput = z.object(frontWarehouseFields);
export const frontWarehouseEditInput = z.object({
  id: idSchema('前置仓'),
  version: versionField,
  ...frontWarehouseFields,
  /** The masked number the form was filled with keeps the stored one. */
  ownerPhone: phoneOrMask(ownerPhoneSchema, '仓主手机号'),
});
export type FrontWarehouseAddInput = z.output<typeof frontWarehouseAddInput>;
export type FrontWarehouseEditInput = z.output<typeof frontWarehouseEditInput>;
export const frontWarehouseStepInput = z.object({ id: idSchema('前置仓'), version: versionField });
export const frontWarehouseByIdInput = z.object({ id: idSchema('前置仓') });

const statusFilter = z.coerce
  .number({ error: '状态不正确' })
  .int('状态不正确')
  .refine((v) => v in FRONT_WAREHOUSE_STATUS, '状态只能是启用或停用')
  .optional();

export const frontWarehouseListInput = listInput(
  {
    /** 前置仓名称或编号. */
    keyword: z.string().trim().max(30, '前置仓名称或编号不能超过30个字').optional(),
    /** 仓主姓名或手机号. */
    owner: z.string().trim().max(20, '仓主姓名或手机号不能超过20个字').optional(),
    status: statusFilter,
    /** 所在地区: province [, city [, district]] names. */
    region: z
      .array(z.string().trim().min(1, '所在地区不正确').max(20, '所在地区不正确'), { error: '所在地区不正确' })
      .max(3, '所在地区不正确')
      .optional(),
  },
  ['createdAt', 'name'],
);

export const frontWarehouseRowSchema = z.object({
  id: z.number(),
  warehouseCode: z.string(),
  name: z.string(),
  ownerName: z.string(),
  /** Masked (the full number through stock.front.warehouse.revealPhone). */
  ownerPhone: z.string(),
  contactTel: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  /** 省 市 区 详细地址. */
  fullAddress: z.string(),
  area: z.number(),
  status: z.number(),
  statusName: z.string(),
  remark: z.string(),
  /** Its stock location (kind 'front'). */
  locationId: z.number(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type FrontWarehouseRow = z.infer<typeof frontWarehouseRowSchema>;

/** One enabled front warehouse to pick (入库单, 退货单, 实时库存, 库存流水). */
export const frontWarehouseOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), locationId: z.number() });
export type FrontWarehouseOption = z.infer<typeof frontWarehouseOptionSchema>;

export const frontWarehouseStateSchema = z.object({ id: z.number(), status: z.number(), version: z.number() });

export const FRONT_WAREHOUSE_TARGETS = { id: '前置仓' } as const;

export const frontWarehouseOps = defineOperations(
  { anchor: 'entrepot-owner-list', merchantScope: 'merchant', targets: FRONT_WAREHOUSE_TARGETS },
  {
    list: {
      name: 'stock.front.warehouse.list',
      label: '前置仓列表',
      input: frontWarehouseListInput,
      output: pagedOf(frontWarehouseRowSchema),
      exportable: true,
    },
    options: {
      name: 'stock.front.warehouse.options',
      label: '前置仓选项',
      summary: '启用的前置仓（供入库单、退货单、实时库存、库存流水选择）',
      anchor: [
        'entrepot-owner-list',
        'entrepot-entry-list',
        'entrepot-returned-list',
        'entrepot-inventory-list',
        'entrepot-inventory-water',
      ],
      input: z.object({}),
      output: z.array(frontWarehouseOptionSchema),
    },
    regions: {
      name: 'stock.front.warehouse.regions',
      label: '前置仓行政区划',
      summary: '省、市、区县（值即名称），供前置仓地区级联选择',
      input: z.object({}),
      output: z.array(regionNodeSchema),
    },
    detail: {
      name: 'stock.front.warehouse.detail',
      label: '前置仓详情',
      input: frontWarehouseByIdInput,
      output: frontWarehouseRowSchema,
    },
    add: {
      name: 'stock.front.warehouse.add',
      label: '新增前置仓',
      summary: '新增前置仓（同时建立它的库存位置）',
      writes: true,
      input: frontWarehouseAddInput,
      output: frontWarehouseRowSchema,
    },
    edit: {
      name: 'stock.front.warehouse.edit',
      label: '编辑前置仓',
      writes: true,
      input: frontWarehouseEditInput,
      output: frontWarehouseRowSchema,
    },
    enable: {
      name: 'stock.front.warehouse.enable',
      label: '启用前置仓',
      writes: true,
      input: frontWarehouseStepInput,
      output: frontWarehouseStateSchema,
    },
    disable: {
      name: 'stock.front.warehouse.disable',
      label: '停用前置仓',
      summary: '停用前置仓（仍有库存时不能停用）',
      writes: true,
      input: frontWarehouseStepInput,
      output: frontWarehouseStateSchema,
    },
    revealPhone: {
      name: 'stock.front.warehouse.revealPhone',
      label: '查看仓主手机号',
      summary: '查看仓主完整手机号（记录操作日志）',
      writes: true,
      input: frontWarehouseByIdInput,
      output: z.object({ phone: z.string() }),
    },
    history: {
      name: 'stock.front.warehouse.history',
      label: '前置仓变更记录',
      input: historyInput({ id: idSchema('前置仓') }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
