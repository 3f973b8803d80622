import { operationLogListInput, operationLogOps, operationResult } from '@merchant/contracts/system/operation-log';
import { OPERATION_LOG_LABELS } from '../../platform/audit.ts';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import { describeEntries, listOperationLogs, operationLogExportQuery } from './operation-log.service.ts';

type Row = Awaited<ReturnType<typeof describeEntries>>[number] & { resultCode: string; resultMsg: string; operation: string };

export const operationLogList = implement(operationLogOps.list, {
  // Each entry in words (operation name, page name, targets) next to the stored codes.
  handler: (ctx, input) => listOperationLogs(ctx, input),
  export: queryExport(operationLogListInput, {
    query: (ctx, i) => operationLogExportQuery(ctx, i),
    // The sheet says what the page says: the same words, put the same way.
    mapBatch: (ctx, rows) => describeEntries(ctx, rows),
    filterLabels: { timeRange: '操作时间' },
    columns: [
      { header: '操作时间', key: 'createdAt', type: 'time' },
      { header: '操作账号', key: 'userName' },
      { header: '操作', key: 'operation', type: 'enum', labels: OPERATION_LOG_LABELS, value: (r: Row) => r.operationLabel },
      { header: '操作标识', key: 'operationName', value: (r: Row) => r.operation, width: 30 },
      { header: '所属页面', key: 'pageName' },
      { header: '操作对象', key: 'targets', width: 40 },
      { header: '结果', key: 'result', value: (r: Row) => operationResult(r.resultCode, r.resultMsg).text, width: 30 },
      { header: '结果码', key: 'resultCode' },
      { header: 'IP 地址', key: 'ip' },
    ],
  }),
});
