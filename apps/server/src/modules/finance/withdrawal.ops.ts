import { WITHDRAWAL_STATUS } from '@merchant/contracts/finance/finance-fields';
import { withdrawalListInput, withdrawalOps } from '@merchant/contracts/finance/withdrawal';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './withdrawal.service.ts';

export const withdrawalList = implement(withdrawalOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(withdrawalListInput, {
    query: (ctx, i) => s.listQuery(ctx, i),
    map: s.withdrawalRow,
    filterLabels: { partyCode: '资金账户', withdrawNo: '提现单号', status: '提现状态', createdRange: '申请时间' },
    columns: [
      { header: '提现单号', key: 'withdrawNo', width: 16 },
      { header: '资金账户', key: 'partyName', width: 24 },
      { header: '账户类型', key: 'partyTypeName', width: 10 },
      { header: '金额（元）', key: 'amount', type: 'money' },
      { header: '银行卡', key: 'cardText', width: 32 },
      { header: '状态', key: 'status', type: 'enum', labels: WITHDRAWAL_STATUS },
      { header: '申请人', key: 'applicantName', width: 12 },
      { header: '审核人', key: 'reviewerName', width: 12 },
      { header: '驳回原因', key: 'rejectReason', width: 24 },
      { header: '申请时间', key: 'createdAt', type: 'time' },
      { header: '打款时间', key: 'paidAt', type: 'time' },
    ],
  }),
});
export const withdrawalHistory = implement(withdrawalOps.history, (ctx, i) => s.history(ctx, i));
export const withdrawalApply = implement(withdrawalOps.apply, (ctx, i) => s.apply(ctx, i));
export const withdrawalApprove = implement(withdrawalOps.approve, (ctx, i) => s.approve(ctx, i));
export const withdrawalPay = implement(withdrawalOps.pay, (ctx, i) => s.pay(ctx, i));
export const withdrawalReject = implement(withdrawalOps.reject, (ctx, i) => s.reject(ctx, i));
