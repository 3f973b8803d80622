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
import { App, Button, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { businessToday, dateToPicker, pickerToDate } from '../../../shared/format/date.ts';
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
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);
  const scope = Form.useWatch('scope', form);
  const points = useQuery({ queryKey: ['bulletin', 'points'], queryFn: () => call(bulletinOps.pointOptions), enabled: scope === 'points' });

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: '放弃未保存的修改？', okText: '放弃', cancelText: '继续编辑', onOk: onClose });
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        title: v.title,
        bulletinType: v.bulletinType,
        content: v.content,
        startDate: pickerToDate(v.startDate) ?? '',
        endDate: pickerToDate(v.endDate) ?? '',
        scope: v.scope,
        pointIds: v.scope === 'points' ? (v.pointIds ?? []) : [],
      };
      const r = bulletin
        ? await call(bulletinOps.update, { ...body, id: bulletin.id, version: bulletin.version })
        : await call(bulletinOps.create, body);
      allowLeave();
      message.success(bulletin ? '公告已保存' : '公告已保存为草稿，发布后在点位上显示');
      onDone(r.id);
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={bulletin ? `编辑公告 ${bulletin.bulletinCode}` : '新增公告'}
      width={720}
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            保存草稿
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="bulletin-form"
        layout="vertical"
        onValuesChange={() => setDirty(true)}
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
              <Form.Item
                label="指定点位"
                name="pointIds"
                required
                rules={[{ required: true, type: 'array', min: 1, message: '指定点位须至少选择1个点位' }, zodRule(f.pointIds)]}
              >
                <Select
                  mode="multiple"
                  placeholder="选择点位（已撤点的点位不可选）"
                  loading={points.isLoading}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(points.data ?? []).map((p) => ({ value: p.id, label: `${p.pointCode} ${p.name}` }))}
                />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Form>
    </Modal>
  );
}
