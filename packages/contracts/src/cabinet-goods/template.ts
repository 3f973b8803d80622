import { z } from 'zod';
import { idSchema, optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { deviceCodeSchema } from '../device/device.ts';

// 商品模板 (merchant-goods-scene, add-scene-page, edit-scene-page/{templateCode}, masterplate-goods-list): a
// planogram per cabinet model — which SKU goes in which slot, with its capacity and par level. Applying a template to
// cabinets sets their device goods and pushes 同步货道 to them (docs/cabinet-goods.md).

export const TEMPLATE_STATUS = { 1: '启用', 2: '停用' } as const;
export type TemplateStatus = keyof typeof TEMPLATE_STATUS;
/** The state machine: each action, the states it may start from and the state it leads to. */
export const TEMPLATE_TRANSITIONS = {
  edit: { label: '编辑', from: [1, 2], to: null },
  enable: { label: '启用', from: [2], to: 1 },
  disable: { label: '停用', from: [1], to: 2 },
  apply: { label: '应用到设备', from: [1], to: null },
  delete: { label: '删除', from: [1, 2], to: null },
} as const satisfies Record<string, { label: string; from: readonly TemplateStatus[]; to: TemplateStatus | null }>;
export type TemplateAction = keyof typeof TEMPLATE_TRANSITIONS;
export const templateAllowed = (action: TemplateAction, status: number) =>
  (TEMPLATE_TRANSITIONS[action].from as readonly number[]).includes(status);

/** templateCode = MB + yyMMdd + 4 digits, unique per merchant. */
export const TEMPLATE_CODE_RE = /^MB\d{10}$/;
export const templateCodeSchema = z.string({ error: '模板编号不正确' }).trim().regex(TEMPLATE_CODE_RE, '模板编号不正确');
/** A slot: layer-column, e.g. 1-1 (第1层第1列). */
export const SLOT_NO_RE = /^([1-9]\d?)-([1-9]\d?)$/;
export const TEMPLATE_SLOTS_MAX = 100;
export const SLOT_CAPACITY_MAX = 99;
export const APPLY_DEVICES_MAX = 200;

export const slotNoSchema = z
  .string({ error: '请输入货道号' })
  .trim()
  .min(1, '请输入货道号')
  .regex(SLOT_NO_RE, '货道号格式应为「层-列」，如 1-1');
/** Slots sort by layer then column (1-2 before 1-10). */
export const slotOrder = (a: string, b: string) => {
  const [al, ac] = a.split('-').map(Number);
  const [bl, bc] = b.split('-').map(Number);
  return al - bl || ac - bc;
};

const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .int(`${label}须为整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能超过${max}`);

export const templateSlotSchema = z
  .object({
    slotNo: slotNoSchema,
    skuId: idSchema('商品SKU'),
    capacity: intIn('容量', 1, SLOT_CAPACITY_MAX),
    parLevel: intIn('标准库存', 1, SLOT_CAPACITY_MAX),
  })
  .superRefine((s, ctx) => {
    if (s.parLevel > s.capacity)
      ctx.addIssue({ code: 'custom', path: ['parLevel'], message: `货道${s.slotNo}的标准库存不能超过容量${s.capacity}` });
  });
export type TemplateSlotInput = z.output<typeof templateSlotSchema>;

export const templateFields = {
  name: requiredText('模板名称', 2, 30),
  modelCode: z.string({ error: '请选择柜型' }).trim().min(1, '请选择柜型').max(20, '柜型不正确'),
  remark: optionalText('备注', 200),
  slots: z
    .array(templateSlotSchema, { error: '请配置货道' })
    .min(1, '请至少配置1个货道')
    .max(TEMPLATE_SLOTS_MAX, `最多配置${TEMPLATE_SLOTS_MAX}个货道`)
    .superRefine((slots, ctx) => {
      const seen = new Set<string>();
      slots.forEach((s, i) => {
        if (seen.has(s.slotNo)) ctx.addIssue({ code: 'custom', path: [i, 'slotNo'], message: `货道${s.slotNo}重复` });
        seen.add(s.slotNo);
      });
    }),
};
export const templateCreateInput = z.object(templateFields);
export const templateUpdateInput = z.object({ templateCode: templateCodeSchema, version: versionField, ...templateFields });
export const templateKeyInput = z.object({ templateCode: templateCodeSchema });
export const templateStepInput = z.object({ templateCode: templateCodeSchema, version: versionField });
export const templateApplyInput = z.object({
  templateCode: templateCodeSchema,
  version: versionField,
  deviceCodes: z
    .array(deviceCodeSchema, { error: '请选择设备' })
    .min(1, '请至少选择1台设备')
    .max(APPLY_DEVICES_MAX, `一次最多应用到${APPLY_DEVICES_MAX}台设备`)
    .refine((a) => new Set(a).size === a.length, '设备不能重复选择'),
});

const statusFilter = z.coerce
  .number({ error: '状态不正确' })
  .int('状态不正确')
  .refine((s) => s in TEMPLATE_STATUS, '状态不正确');

export const templateListInput = listInput(
  {
    templateCode: z.string().trim().max(20, '模板编号不能超过20位').optional(),
    name: z.string().trim().max(30, '模板名称不能超过30个字').optional(),
    modelCode: z.string().trim().max(20, '柜型不正确').optional(),
    status: statusFilter.optional(),
  },
  ['createdAt', 'updatedAt'],
);

export const templateRowSchema = z.object({
  id: z.number(),
  templateCode: z.string(),
  name: z.string(),
  modelCode: z.string(),
  modelName: z.string(),
  /** The model's temperature zone (STORAGE_STYLES). */
  zone: z.number(),
  zoneName: z.string(),
  status: z.number(),
  statusName: z.string(),
  slotCount: z.number(),
  skuCount: z.number(),
  /** Cabinets whose device goods come from this template now. */
  deviceCount: z.number(),
  lastAppliedAt: z.number().nullable(),
  remark: z.string(),
  creatorName: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TemplateRow = z.infer<typeof templateRowSchema>;

export const templateSlotRowSchema = z.object({
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  goodsId: z.number(),
  goodsName: z.string(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
  /** The SKU's base sale price (cents). */
  basePrice: z.number(),
  capacity: z.number(),
  parLevel: z.number(),
});
export type TemplateSlotRow = z.infer<typeof templateSlotRowSchema>;

export const templateDetailSchema = templateRowSchema.extend({
  slotRows: z.number(),
  slotCols: z.number(),
  slots: z.array(templateSlotRowSchema),
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const templateStateSchema = z.object({ templateCode: z.string(), status: z.number(), version: z.number() });

/** One cabinet of an apply, with the 同步货道 command's status (已发送 → 已确认 | 执行失败 | 超时). */
export const templateApplyRowSchema = z.object({
  id: z.number(),
  applyCode: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  templateVersion: z.number(),
  slotCount: z.number(),
  commandNo: z.string(),
  status: z.number(),
  statusName: z.string(),
  result: z.string(),
  operatorName: z.string(),
  appliedAt: z.number(),
  ackedAt: z.number(),
});
export type TemplateApplyRow = z.infer<typeof templateApplyRowSchema>;

/** masterplate-goods-list: every slot of every template (bounded: templates × at most 100 slots). */
export const templateGoodsListInput = listInput(
  {
    templateCode: z.string().trim().max(20, '模板编号不能超过20位').optional(),
    templateName: z.string().trim().max(30, '模板名称不能超过30个字').optional(),
    skuName: z.string().trim().max(60, '商品名称不能超过60个字').optional(),
    modelCode: z.string().trim().max(20, '柜型不正确').optional(),
    status: statusFilter.optional(),
  },
  ['templateCode', 'capacity'],
);
export const templateGoodsRowSchema = templateSlotRowSchema.extend({
  id: z.number(),
  templateCode: z.string(),
  templateName: z.string(),
  modelCode: z.string(),
  modelName: z.string(),
  status: z.number(),
  statusName: z.string(),
});
export type TemplateGoodsRow = z.infer<typeof templateGoodsRowSchema>;

export const templateSkuOptionSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  goodsName: z.string(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
  basePrice: z.number(),
});
export type TemplateSkuOption = z.infer<typeof templateSkuOptionSchema>;

export const templateDeviceOptionSchema = z.object({
  deviceCode: z.string(),
  name: z.string(),
  modelCode: z.string(),
  online: z.boolean(),
  /** The template its device goods come from now ('' = none). */
  templateCode: z.string(),
});
export type TemplateDeviceOption = z.infer<typeof templateDeviceOptionSchema>;

/** The edit route of a template. */
export const editScenePath = (templateCode: string) => `/website/merchant-goods-management/edit-scene-page/${templateCode}`;

export const templateOps = defineOperations(
  {
    anchor: 'merchant-goods-scene',
    merchantScope: 'merchant',
    targets: { templateCode: '商品模板', modelCode: '柜型', deviceCodes: '设备' },
  },
  {
    list: {
      name: 'cabinetGoods.template.list',
      label: '商品模板列表',
      input: templateListInput,
      output: pagedOf(templateRowSchema),
      exportable: true,
    },
    detail: { name: 'cabinetGoods.template.detail', label: '商品模板详情', input: templateKeyInput, output: templateDetailSchema },
    add: {
      name: 'cabinetGoods.template.add',
      label: '新增商品模板',
      summary: '新增商品模板（货道的商品须适合柜型的温区）',
      writes: true,
      input: templateCreateInput,
      output: templateStateSchema,
    },
    edit: {
      name: 'cabinetGoods.template.edit',
      label: '编辑商品模板',
      summary: '编辑商品模板（带数据版本；已应用的设备须重新应用才会更新）',
      writes: true,
      input: templateUpdateInput,
      output: templateStateSchema,
    },
    enable: {
      name: 'cabinetGoods.template.enable',
      label: '启用商品模板',
      summary: '停用 → 启用',
      writes: true,
      input: templateStepInput,
      output: templateStateSchema,
    },
    disable: {
      name: 'cabinetGoods.template.disable',
      label: '停用商品模板',
      summary: '启用 → 停用（停用的模板不能应用）',
      writes: true,
      input: templateStepInput,
      output: templateStateSchema,
    },
    delete: {
      name: 'cabinetGoods.template.delete',
      label: '删除商品模板',
      summary: '删除从未应用到设备的模板',
      writes: true,
      input: templateStepInput,
      output: z.object({ templateCode: z.string() }),
    },
    apply: {
      name: 'cabinetGoods.template.apply',
      label: '应用商品模板到设备',
      summary: '把模板的货道设为所选设备的设备商品（同柜型、已激活），一个事务，并向每台设备推送「同步货道」指令',
      writes: true,
      input: templateApplyInput,
      output: z.object({ templateCode: z.string(), applyCode: z.string(), applied: z.number() }),
    },
    applies: {
      name: 'cabinetGoods.template.applies',
      label: '商品模板应用记录',
      input: keysetInput({ templateCode: templateCodeSchema }, ['appliedAt']),
      output: keysetOf(templateApplyRowSchema),
    },
    history: {
      name: 'cabinetGoods.template.history',
      label: '商品模板操作记录',
      input: historyInput({ templateCode: templateCodeSchema }),
      output: pagedOf(historyEntrySchema),
    },
    skuOptions: {
      name: 'cabinetGoods.template.skuOptions',
      label: '模板可选商品',
      summary: '上架的SKU，按名称、编码或条码搜索；给出柜型时只列适合其温区的',
      input: z.object({
        keyword: z.string().trim().max(60, '关键字不能超过60个字').default(''),
        modelCode: z.string().trim().max(20, '柜型不正确').optional(),
      }),
      output: z.array(templateSkuOptionSchema),
    },
    deviceOptions: {
      name: 'cabinetGoods.template.deviceOptions',
      label: '可应用模板的设备',
      summary: '该柜型的已激活设备',
      input: z.object({ modelCode: z.string().trim().min(1, '请选择柜型').max(20, '柜型不正确') }),
      output: z.array(templateDeviceOptionSchema),
    },
    goods: {
      name: 'cabinetGoods.template.goods',
      label: '模板商品列表',
      anchor: 'masterplate-goods-list',
      input: templateGoodsListInput,
      output: pagedOf(templateGoodsRowSchema),
      exportable: true,
    },
  },
);
