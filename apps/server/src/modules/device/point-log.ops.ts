import { pointLogInput, pointLogOps, type PointLogRow } from '@merchant/contracts/device/point-log';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './point-log.service.ts';

export const pointLogList = implement(pointLogOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(pointLogInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    map: s.toLogRow,
    filterLabels: { pointCode: '点位编号', field: '变更字段' },
    columns: [
      { header: '时间', key: 'createdAt', type: 'time' },
      { header: '点位编号', key: 'pointCode' },
      { header: '点位名称', key: 'pointName', width: 24 },
      { header: '操作', key: 'actionLabel' },
      {
        header: '变更内容',
        key: 'changes',
        width: 60,
        value: (r: PointLogRow) => r.changes.map((c) => `${c.label}：${c.before} → ${c.after}`).join('；'),
      },
      { header: '操作人', key: 'operatorName' },
    ],
  }),
});
