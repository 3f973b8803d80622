import { POINT_TRANSITION_LABELS, pointOps, type PointRow, type PointStatus } from '@merchant/contracts/device/point';
import { App } from 'antd';
import { call } from '../../../platform/call.ts';

/** 营业中 ⇄ 暂停营业 and 撤点, as the transition table allows; asks first. */
export function useStatusChange(onDone: () => void) {
  const { modal, message } = App.useApp();
  return (p: PointRow, to: PointStatus) =>
    modal.confirm({
      title: `${POINT_TRANSITION_LABELS[to]}「${p.name}」？`,
      content:
        to === 3 ? '撤点后不能恢复，点位须先解绑全部设备。' : to === 2 ? '暂停营业期间点位保留，设备仍在原处。' : '点位将恢复为营业中。',
      okText: POINT_TRANSITION_LABELS[to],
      okButtonProps: { danger: to !== 1 },
      onOk: async () => {
        await call(pointOps.setStatus, { pointId: p.id, version: p.version, status: to });
        message.success(`已${POINT_TRANSITION_LABELS[to]}`);
        onDone();
      },
    });
}
