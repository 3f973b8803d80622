import {
  BULLETIN_CONTENT_MAX,
  BULLETIN_SCOPES,
  BULLETIN_TYPES,
  bulletinFields,
  bulletinOps,
  type BulletinDetail,
  type BulletinScope,
  type BulletinType,
} from '@merchant/contracts/device/point-bulletin';
import { useQuery } from '@tanstack/react-query';
import { App, Col, DatePicker, Form, Input, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { businessToday, dateToPicker, pickerToDate } from '../../../shared/format/date.ts';
import { PickManyItem } from '../../../shared/ui/pick-many-item.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

interface Values {
  title: string;
  bulletinType: BulletinType;
  content: string;
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  scope: BulletinScope;
  pointIds?: number[];
}

const f = bulletinFields;

/** 新增 / 编辑公告 (drafts only): rules from the contract; a changed form asks before it is closed or the page left. */
export function BulletinFormModal({
  bulletin,
  onClose,
  onDone,
}: {
  bulletin?: BulletinDetail;
  onClose: () => void;
  onDone: (id: number) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch('scope', form);
  const points = useQuery({ queryKey: ['bulletin', 'points'], queryFn: () => call(bulletinOps.pointOptions), enabled: scope === 'points' });

  const save = (v: Values) => {
    const body = {
      title: v.title,
      bulletinType: v.bulletinType,
      content: v.content,
      startDate: pickerToDate(v.startDate) ?? '',
      endDate: pickerToDate(v.endDate) ?? '',
      scope: v.scope,
      pointIds: v.scope === 'points' ? (v.pointIds ?? []) : [],
    };
    return bulletin ? call(bulletinOps.update, { ...body, id: bulletin.id, version: bulletin.version }) : call(bulletinOps.create, body);
  };

  return (
    <FormModal<Values, { id: number }>
      form={form}
      name="bulletin-form"
      title={bulletin ? `编辑公告 ${bulletin.bulletinCode}` : '新增公告'}
      okText="保存草稿"
      onClose={onClose}
      onSubmit={save}
      onSaved={(r) => {
        message.success(bulletin ? '公告已保存' : '公告已保存为草稿，发布后在点位上显示');
        onDone(r.id);
      }}
      initialValues={
        bulletin
          ? {
              title: bulletin.title,
              bulletinType: bulletin.bulletinType as BulletinType,
              content: bulletin.content,
              startDate: dateToPicker(bulletin.startDate),
              endDate: dateToPicker(bulletin.endDate || null),
              scope: bulletin.scope as BulletinScope,
              pointIds: bulletin.points.map((p) => p.id),
            }
          : { bulletinType: 'notice', scope: 'all', startDate: dateToPicker(businessToday()), endDate: null, pointIds: [] }
      }
    >
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item label="公告标题" name="title" required rules={[zodRule(f.title)]}>
            <Input maxLength={50} placeholder="如：柜机停机维护通知" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="公告类型" name="bulletinType" required rules={[zodRule(f.bulletinType)]}>
            <Select options={Object.entries(BULLETIN_TYPES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="公告内容" name="content" required rules={[zodRule(f.content)]}>
            <Input.TextArea rows={5} maxLength={BULLETIN_CONTENT_MAX} showCount placeholder="纯文本，不超过500个字" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="开始日期" name="startDate" required rules={[{ required: true, message: '请选择开始日期' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="结束日期"
            name="endDate"
            dependencies={['startDate']}
            extra="不选则长期有效，直到撤回"
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, v: Dayjs | null) => {
                  const start = pickerToDate(getFieldValue('startDate') as Dayjs | null);
                  const end = pickerToDate(v);
                  return start && end && end < start ? Promise.reject(new Error('结束日期不能早于开始日期')) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="适用点位" name="scope" required rules={[zodRule(f.scope)]}>
            <Radio.Group options={Object.entries(BULLETIN_SCOPES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Col>
        {scope === 'points' ? (
          <Col span={24}>
            <PickManyItem
              label="指定点位"
              name="pointIds"
              message="指定点位须至少选择1个点位"
              schema={f.pointIds}
              placeholder="选择点位（已撤点的点位不可选）"
              loading={points.isLoading}
              options={(points.data ?? []).map((p) => ({ value: p.id, label: `${p.pointCode} ${p.name}` }))}
            />
          </Col>
        ) : null}
      </Row>
    </FormModal>
  );
}
