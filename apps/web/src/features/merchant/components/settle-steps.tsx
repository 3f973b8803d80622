import { useQuery } from '@tanstack/react-query';
import { Steps } from 'antd';
import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { call } from '../../../platform/call.ts';

export const SETTLE_STEP_PATHS = [
  '/website/basic/settle-apply-person-bus',
  '/website/basic/bus-line',
  '/website/basic/submit-apply',
  '/website/basic/apply-result',
] as const;

/** The four steps of the settle application. */
export function SettleSteps({ current }: { current: number }) {
  return (
    <Steps
      current={current}
      style={{ maxWidth: 880, margin: '8px auto 24px' }}
      items={[
        { title: '主体信息', content: '个人或企业资质' },
        { title: '业务线', content: '选择经营业务' },
        { title: '提交申请', content: '确认并提交' },
        { title: '审核结果', content: '等待管理员审核' },
      ]}
    />
  );
}

export const SETTLE_CURRENT_KEY = ['merchant', 'settle-current'] as const;
export const useSettleCurrent = () => useQuery({ queryKey: SETTLE_CURRENT_KEY, queryFn: () => call(settleApplyOps.current) });
