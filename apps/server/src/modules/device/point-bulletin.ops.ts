import { BULLETIN_DISPLAY, bulletinListInput, bulletinOps, type BulletinRow } from '@merchant/contracts/device/point-bulletin';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './point-bulletin.service.ts';

export const bulletinList = implement(bulletinOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(bulletinListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { pointId: '点位', dateRange: '生效日期' },
    columns: [
      { header: '公告编号', key: 'bulletinCode' },
      { header: '公告标题', key: 'title', width: 30 },
      { header: '类型', key: 'bulletinTypeName' },
      { header: '状态', key: 'display', type: 'enum', labels: BULLETIN_DISPLAY },
      { header: '开始日期', key: 'startDate' },
      { header: '结束日期', key: 'endDate', value: (r: BulletinRow) => r.endDate || '长期有效' },
      {
        header: '适用点位',
        key: 'scopeName',
        value: (r: BulletinRow) => (r.scope === 'all' ? '全部点位' : `指定${r.pointCount}个点位`),
        width: 16,
      },
      { header: '公告内容', key: 'content', width: 60 },
      { header: '创建人', key: 'creatorName' },
      { header: '发布人', key: 'publisherName' },
      { header: '发布时间', key: 'publishedAt', type: 'time' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const bulletinDetail = implement(bulletinOps.detail, (ctx, i) => s.detail(ctx, i.id));
export const bulletinCreate = implement(bulletinOps.create, (ctx, i) => s.create(ctx, i));
export const bulletinUpdate = implement(bulletinOps.update, (ctx, i) => s.update(ctx, i));
export const bulletinPublish = implement(bulletinOps.publish, (ctx, i) => s.publish(ctx, i));
export const bulletinWithdraw = implement(bulletinOps.withdraw, (ctx, i) => s.withdraw(ctx, i));
export const bulletinHistory = implement(bulletinOps.history, (ctx, i) => s.history(ctx, i));
export const bulletinPointOptions = implement(bulletinOps.pointOptions, (ctx) => s.pointOptions(ctx));
export const bulletinCurrent = implement(bulletinOps.current, (ctx, i) => s.current(ctx, i.pointId));
