import { agreementListInput, collectionOps } from '@merchant/contracts/finance/collection';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './collection.service.ts';

export const collectionGet = implement(collectionOps.get, (ctx) => s.get(ctx));
export const collectionSetFee = implement(collectionOps.setFee, (ctx, i) => s.setFee(ctx, i));
export const collectionHistory = implement(collectionOps.history, (ctx, i) => s.history(ctx, i));
export const collectionAgreements = implement(collectionOps.agreements, {
  handler: (ctx, i) => s.agreements(ctx, i),
  export: queryExport(agreementListInput, {
    query: (ctx, i) => s.agreementListQuery(ctx, i),
    mapBatch: (ctx, rows) => s.agreementExportRows(ctx, rows),
    filterLabels: { deviceCode: '设备编号', ownerPartyCode: '柜主账户' },
    columns: [
      { header: '设备编号', key: 'deviceCode', width: 14 },
      { header: '设备名称', key: 'deviceName', width: 20 },
      { header: '点位', key: 'pointName', width: 20 },
      { header: '柜主账户', key: 'ownerPartyCode', width: 14 },
      { header: '柜主', key: 'ownerName', width: 12 },
      { header: '柜主分成（基点）', key: 'ownerBp', type: 'number' },
      { header: '点位佣金（基点）', key: 'pointBp', type: 'number' },
      { header: '平台手续费（基点）', key: 'feeBp', type: 'number' },
      { header: '备注', key: 'remark', width: 30 },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const collectionSaveAgreement = implement(collectionOps.saveAgreement, (ctx, i) => s.saveAgreement(ctx, i));
export const collectionRemoveAgreement = implement(collectionOps.removeAgreement, (ctx, i) => s.removeAgreement(ctx, i));
export const collectionOwners = implement(collectionOps.owners, (ctx, i) => s.owners(ctx, i.keyword));
export const collectionCreateOwner = implement(collectionOps.createOwner, (ctx, i) => s.createOwner(ctx, i));
