import {
  VOICE_SCOPES,
  VOICE_TEXT_MAX,
  VOICE_TYPES,
  voiceFields,
  voiceOps,
  type VoiceRow,
  type VoiceScope,
  type VoiceType,
} from '@merchant/contracts/voice/voice-prompt';
import { deviceOps } from '@merchant/contracts/device/device';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, DatePicker, Form, Input, Radio, Row, Select, TimePicker } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { businessToday, dateToPicker, pickerToDate } from '../../../shared/format/date.ts';
import { PickManyItem } from '../../../shared/ui/pick-many-item.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { speakChinese } from './speak.ts';

interface Values {
  name: string;
  voiceType: VoiceType;
  content: string;
  times: [Dayjs, Dayjs] | null;
  dates: [Dayjs, Dayjs] | null;
  scope: VoiceScope;
  modelCode?: string | null;
  deviceCodes?: string[];
}

const f = voiceFields;
const hm = (s: string) => dayjs(`2000-01-01T${s}`);

/** 新增 / 编辑语音提醒: a changed form asks before it is closed or the page left; 试听 reads the text aloud. */
export function VoiceFormModal({ prompt, onClose, onDone }: { prompt?: VoiceRow; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch('scope', form);
  const models = useQuery({ queryKey: ['device', 'models'], queryFn: () => call(deviceOps.models), staleTime: Infinity });
  const devices = useQuery({ queryKey: ['voice', 'devices'], queryFn: () => call(voiceOps.deviceOptions), enabled: scope === 'devices' });

  const preview = async () => {
    const text = String(form.getFieldValue('content') ?? '').trim();
    if (!text) return message.warning('请先输入播报内容');
    const r = await speakChinese(text);
    if (!r.ok) message.warning(r.reason);
  };
  const save = async (v: Values) => {
    const body = {
      name: v.name,
      voiceType: v.voiceType,
      content: v.content,
      timeFrom: v.times?.[0]?.format('HH:mm') ?? '',
      timeTo: v.times?.[1]?.format('HH:mm') ?? '',
      dateFrom: pickerToDate(v.dates?.[0]) ?? '',
      dateTo: pickerToDate(v.dates?.[1]) ?? '',
      scope: v.scope,
      modelCode: v.scope === 'model' ? (v.modelCode ?? null) : null,
      deviceCodes: v.scope === 'devices' ? (v.deviceCodes ?? []) : [],
    };
    if (prompt) await call(voiceOps.update, { ...body, promptCode: prompt.promptCode, version: prompt.version });
    else await call(voiceOps.create, body);
  };

  return (
    <FormModal<Values, void>
      form={form}
      name="voice-form"
      title={prompt ? `编辑语音提醒 ${prompt.promptCode}` : '新增语音提醒'}
      onClose={onClose}
      onSubmit={save}
      onSaved={() => {
        message.success(prompt ? '语音提醒已保存，推送后设备生效' : '语音提醒已创建，推送后设备生效');
        onDone();
      }}
      initialValues={
        prompt
          ? {
              name: prompt.name,
              voiceType: prompt.voiceType as VoiceType,
              content: prompt.content,
              times: [hm(prompt.timeFrom), hm(prompt.timeTo)],
              dates: [dateToPicker(prompt.dateFrom)!, dateToPicker(prompt.dateTo)!],
              scope: prompt.scope as VoiceScope,
              modelCode: prompt.modelCode || null,
              deviceCodes: prompt.deviceCodes,
            }
          : {
              voiceType: 'pickup',
              scope: 'all',
              times: [hm('08:00'), hm('22:00')],
              dates: [dateToPicker(businessToday()), null],
              deviceCodes: [],
            }
      }
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="语音名称" name="name" required rules={[zodRule(f.name)]}>
            <Input maxLength={30} placeholder="如：大堂取货提醒" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="语音类型" name="voiceType" required rules={[zodRule(f.voiceType)]}>
            <Select options={Object.entries(VOICE_TYPES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="播报内容" name="content" required rules={[zodRule(f.content)]}>
            <Input.TextArea rows={3} maxLength={VOICE_TEXT_MAX} showCount placeholder="柜机播放的文字，不超过100个字" />
          </Form.Item>
          <Button style={{ marginBottom: 16 }} icon={<SoundOutlined />} onClick={() => void preview()}>
            试听
          </Button>
        </Col>
        <Col span={12}>
          <Form.Item label="每日播放时段" name="times" required rules={[{ required: true, message: '请选择播放时段' }]}>
            <TimePicker.RangePicker format="HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="有效期" name="dates" required rules={[{ required: true, message: '请选择生效日期和结束日期' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="适用设备" name="scope" required rules={[zodRule(f.scope)]}>
            <Radio.Group options={Object.entries(VOICE_SCOPES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Col>
        {scope === 'model' ? (
          <Col span={12}>
            <Form.Item label="柜型" name="modelCode" required rules={[{ required: true, message: '按柜型推送须选择柜型' }]}>
              <Select placeholder="请选择柜型" options={(models.data ?? []).map((m) => ({ value: m.code, label: m.name }))} />
            </Form.Item>
          </Col>
        ) : null}
        {scope === 'devices' ? (
          <Col span={24}>
            <PickManyItem
              label="指定设备"
              name="deviceCodes"
              message="指定设备须至少选择1台设备"
              schema={f.deviceCodes}
              placeholder="选择已激活的设备"
              loading={devices.isLoading}
              options={(devices.data ?? []).map((d) => ({ value: d.deviceCode, label: `${d.deviceCode} ${d.name}` }))}
            />
          </Col>
        ) : null}
      </Row>
    </FormModal>
  );
}
