import { priceChannelAddInput, priceChannelOps, type PriceChannelRow } from '@merchant/contracts/price/price-channel';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Skeleton } from 'antd';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { CabinetSelect, FirstChannelSelect } from './price-pickers.tsx';

const rules = {
  firstChannelCode: zodRule(priceChannelAddInput.shape.firstChannelCode),
  name: zodRule(priceChannelAddInput.shape.name),
  remark: zodRule(priceChannelAddInput.shape.remark),
};

interface ChannelValues {
  firstChannelCode: string;
  name: string;
  remark?: string;
}

/** 新增 / 编辑二级渠道 (the first channel is fixed once the channel exists: its prices hang under it). */
export function ChannelFormModal({
  editing,
  onSaved,
  onClose,
}: {
  editing: PriceChannelRow | null;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ChannelValues>();
  return (
    <FormModal<ChannelValues, unknown>
      form={form}
      name="price-channel-form"
      title={editing ? `编辑二级渠道：${editing.name}` : '新增二级渠道'}
      width={560}
      initialValues={editing ? { firstChannelCode: editing.firstChannelCode, name: editing.name, remark: editing.remark } : {}}
      onSubmit={(v) =>
        editing
          ? call(priceChannelOps.edit, { id: editing.id, version: editing.version, ...v, firstChannelCode: editing.firstChannelCode })
          : call(priceChannelOps.add, v)
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item label="一级渠道" name="firstChannelCode" required rules={[rules.firstChannelCode]}>
        <FirstChannelSelect disabled={!!editing} />
      </Form.Item>
      <Form.Item label="二级渠道名称" name="name" required rules={[rules.name]}>
        <Input maxLength={30} showCount placeholder="例如：华东写字楼柜" />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[rules.remark]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** 绑定智能柜: the whole set of cabinets of a second channel (a cabinet belongs to one second channel per first channel). */
export function BindCabinetsModal({ channel, onSaved, onClose }: { channel: PriceChannelRow; onSaved: () => void; onClose: () => void }) {
  const [form] = Form.useForm<{ deviceCodes: string[] }>();
  const current = useQuery({
    queryKey: ['price', 'channel-devices', channel.id],
    queryFn: () => call(priceChannelOps.devices, { id: channel.id }),
  });
  return current.isLoading ? (
    <Skeleton active />
  ) : (
    <FormModal<{ deviceCodes: string[] }, unknown>
      form={form}
      name="price-channel-bind"
      title={`绑定智能柜：${channel.firstChannelName} / ${channel.name}`}
      width={640}
      initialValues={{ deviceCodes: (current.data ?? []).map((d) => d.deviceCode) }}
      onSubmit={(v) => call(priceChannelOps.bindDevices, { id: channel.id, version: channel.version, deviceCodes: v.deviceCodes ?? [] })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>所选智能柜按本渠道价格售卖（单柜价优先）。保存后整体替换本渠道已绑定的智能柜。</p>
      <Form.Item label="智能柜" name="deviceCodes">
        <CabinetSelect
          multiple
          labels={Object.fromEntries((current.data ?? []).map((d) => [d.deviceCode, `${d.name}（${d.deviceCode}）`]))}
        />
      </Form.Item>
    </FormModal>
  );
}
