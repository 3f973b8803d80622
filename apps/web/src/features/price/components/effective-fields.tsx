import { EFFECTIVE_MODES, type EffectiveMode } from '@merchant/contracts/price/price-adjustment';
import { DatePicker, Form, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { pickerToInstant } from '../../../shared/format/date.ts';

/**
 * 生效方式 and, for 定时生效, 生效时间 (a business-clock instant after now; the server also asks for its minimum lead):
 * the fields of an adjustment's timing, in the form of an order and in 快速调价.
 */
export function EffectiveFields({
  mode,
  extra,
  timeItemStyle,
  pickerStyle,
}: {
  mode: EffectiveMode | undefined;
  extra?: ReactNode;
  timeItemStyle?: CSSProperties;
  pickerStyle?: CSSProperties;
}) {
  return (
    <>
      <Form.Item label="生效方式" name="effectiveMode" required>
        <Radio.Group options={Object.entries(EFFECTIVE_MODES).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      {mode === 'scheduled' ? (
        <Form.Item
          label="生效时间"
          name="effectiveAt"
          required
          rules={[
            { required: true, message: '定时生效须选择生效时间' },
            {
              validator: async (_r, v: Dayjs | null) => {
                if (v && pickerToInstant(v) <= Date.now()) throw new Error('生效时间须晚于当前时间');
              },
            },
          ]}
          extra={extra}
          style={timeItemStyle}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={pickerStyle} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      ) : null}
    </>
  );
}
