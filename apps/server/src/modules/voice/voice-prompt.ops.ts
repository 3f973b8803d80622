import { VOICE_STATUS, voiceListInput, voiceOps, type VoiceRow } from '@merchant/contracts/voice/voice-prompt';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './voice-prompt.service.ts';

export const voiceList = implement(voiceOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(voiceListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    columns: [
      { header: '语音编号', key: 'promptCode' },
      { header: '语音名称', key: 'name', width: 20 },
      { header: '类型', key: 'voiceTypeName' },
      { header: '播报内容', key: 'content', width: 50 },
      { header: '播放时段', key: 'timeFrom', value: (r: VoiceRow) => `${r.timeFrom}-${r.timeTo}`, width: 14 },
      { header: '有效期', key: 'dateFrom', value: (r: VoiceRow) => `${r.dateFrom} 至 ${r.dateTo}`, width: 26 },
      {
        header: '适用设备',
        key: 'scopeName',
        value: (r: VoiceRow) =>
          r.scope === 'model' ? `按柜型：${r.modelName}` : r.scope === 'devices' ? `指定设备：${r.deviceCodes.join('、')}` : '全部设备',
        width: 30,
      },
      { header: '状态', key: 'status', type: 'enum', labels: VOICE_STATUS },
      { header: '最近推送', key: 'lastPushedAt', type: 'time' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const voiceDetail = implement(voiceOps.detail, (ctx, i) => s.detail(ctx, i.promptCode));
export const voiceCreate = implement(voiceOps.create, (ctx, i) => s.create(ctx, i));
export const voiceUpdate = implement(voiceOps.update, (ctx, i) => s.update(ctx, i));
export const voiceSetStatus = implement(voiceOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const voicePush = implement(voiceOps.push, (ctx, i) => s.push(ctx, i.promptCode));
export const voicePushes = implement(voiceOps.pushes, (ctx, i) => s.pushes(ctx, i));
export const voiceDeviceOptions = implement(voiceOps.deviceOptions, (ctx) => s.deviceOptions(ctx));
export const voiceHistory = implement(voiceOps.history, (ctx, i) => s.history(ctx, i));
