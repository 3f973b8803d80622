import { z } from 'zod';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { timeRange } from '../core/paging.ts';
import { historyChangeSchema } from '../core/history.ts';

// 点位日志 (address/address-log): every change of every point of the merchant (the points' record history),
// newest first, keyset-paged; filters by point, changed field and time.

/** The point fields the log can be filtered by (the history's field keys). */
export const POINT_LOG_FIELDS = {
  name: '点位名称',
  scene: '场景类型',
  region: '所在地区',
  address: '详细地址',
  coordinates: '坐标',
  contactName: '联系人',
  contactPhone: '联系电话',
  rentCents: '月租金',
  commissionBp: '佣金比例',
  businessHours: '营业时间',
  operatorId: '运营人员',
  remark: '经营备注',
  status: '营业状态',
  devices: '绑定设备',
} as const;
export type PointLogField = keyof typeof POINT_LOG_FIELDS;

export const pointLogInput = keysetInput(
  {
    pointCode: z.string().trim().max(20, '点位编号不能超过20位').optional(),
    field: z
      .string()
      .trim()
      .refine((f) => f in POINT_LOG_FIELDS, '变更字段不正确')
      .optional(),
    createdAt: timeRange,
  },
  ['createdAt'],
);

export const pointLogRowSchema = z.object({
  id: z.number(),
  pointCode: z.string(),
  pointName: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  changes: z.array(historyChangeSchema),
  remark: z.string(),
  operatorName: z.string(),
  createdAt: z.number(),
});
export type PointLogRow = z.infer<typeof pointLogRowSchema>;

export const pointLogOps = defineOperations(
  { anchor: 'address-log', targets: { pointCode: '点位编号' } },
  {
    list: {
      name: 'device.pointLog.list',
      label: '点位日志',
      summary: '点位日志（所有点位的新增、修改、经营条件、营业状态和设备绑定变更）',
      input: pointLogInput,
      output: keysetOf(pointLogRowSchema),
      exportable: true,
    },
  },
);
