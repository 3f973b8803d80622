import { ACTIVATION_STATUS, activationListInput, activationOps, type ActivationRow } from '@merchant/contracts/device/device-activation';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './device-activation.service.ts';

export const activationList = implement(activationOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(activationListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { createdAt: '申请时间' },
    columns: [
      { header: '申请单号', key: 'applyCode' },
      { header: '状态', key: 'status', type: 'enum', labels: ACTIVATION_STATUS },
      { header: '合同编号', key: 'contractNo' },
      { header: '合同名称', key: 'contractName', width: 28 },
      { header: '柜型', key: 'modelName', width: 16 },
      { header: '设备数', key: 'deviceCount' },
      { header: '设备', key: 'deviceCodes', width: 40, value: (r: ActivationRow) => r.deviceCodes.join('、') },
      { header: '申请人', key: 'applicantName' },
      { header: '申请时间', key: 'createdAt', type: 'time' },
      { header: '审核人', key: 'reviewerName' },
      { header: '审核时间', key: 'reviewedAt', type: 'time' },
      { header: '驳回原因/审核意见', key: 'reason', width: 30 },
    ],
  }),
});
export const activationDetail = implement(activationOps.detail, (ctx, i) => s.detail(ctx, i.applyCode));
export const activationCreate = implement(activationOps.create, (ctx, i) => s.create(ctx, i));
export const activationWithdraw = implement(activationOps.withdraw, (ctx, i) => s.withdraw(ctx, i));
export const activationApprove = implement(activationOps.approve, (ctx, i) => s.approve(ctx, i));
export const activationReject = implement(activationOps.reject, (ctx, i) => s.reject(ctx, i));
export const activationHistory = implement(activationOps.history, (ctx, i) => s.history(ctx, i));
export const activationContractOptions = implement(activationOps.contractOptions, (ctx) => s.contractOptions(ctx));
export const activationDeviceOptions = implement(activationOps.deviceOptions, (ctx, i) => s.deviceOptions(ctx, i.modelCode));
