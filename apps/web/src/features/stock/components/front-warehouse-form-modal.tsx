import {
  frontWarehouseAddInput,
  frontWarehouseEditInput,
  frontWarehouseOps,
  type FrontWarehouseRow,
} from '@merchant/contracts/stock/front-warehouse';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { RevealPhoneSuffix } from '../../../shared/ui/masked-phone.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { FrontWarehouseRegionCascader } from './front-warehouse-parts.tsx';

const f = frontWarehouseAddInput.shape;
/** The form's rules: the contract's own schemas (the edit form's phone also takes the masked number it came with). */
export const frontWarehouseRules = {
  name: zodRule(f.name),
  ownerName: zodRule(f.ownerName),
  ownerPhone: zodRule(f.ownerPhone),
  editOwnerPhone: zodRule(frontWarehouseEditInput.shape.ownerPhone),
  contactTel: zodRule(f.contactTel),
  region: {
    validator: async (_r: unknown, v: unknown) => {
      const [province, city] = Array.isArray(v) ? (v as string[]) : [];
      if (!province || !city) throw new Error('请选择所在地区（省 / 市 / 区县）');
    },
  },
  address: zodRule(f.address),
  area: zodRule(f.area),
  remark: zodRule(f.remark),
};

export interface FrontWarehouseValues {
  name: string;
  ownerName: string;
  ownerPhone: string;
  contactTel?: string;
  region?: string[];
  address: string;
  area?: number | null;
  remark?: string;
}

/** The values a form sends: the region split into 省 / 市 / 区县. */
export function frontWarehouseInput(v: FrontWarehouseValues) {
  const [province = '', city = '', district = ''] = v.region ?? [];
  return {
    name: v.name,
    ownerName: v.ownerName,
    ownerPhone: v.ownerPhone,
    contactTel: v.contactTel ?? '',
    province,
    city,
    district,
    address: v.address,
    area: v.area ?? '',
    remark: v.remark ?? '',
  };
}

/** 新增 / 编辑前置仓. */
export function FrontWarehouseFormModal({
  editing,
  onSaved,
  onClose,
}: {
  editing: FrontWarehouseRow | null;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FrontWarehouseValues>();
  const ownerPhone = Form.useWatch('ownerPhone', form);
  return (
    <FormModal<FrontWarehouseValues, unknown>
      form={form}
      name="front-warehouse-form"
      title={editing ? `编辑前置仓：${editing.name}` : '新增前置仓'}
      width={760}
      initialValues={
        editing
          ? {
              name: editing.name,
              ownerName: editing.ownerName,
              ownerPhone: editing.ownerPhone,
              contactTel: editing.contactTel,
              region: [editing.province, editing.city, editing.district].filter(Boolean),
              address: editing.address,
              area: editing.area || null,
              remark: editing.remark,
            }
          : {}
      }
      onSubmit={(v) =>
        editing
          ? call(frontWarehouseOps.edit, { id: editing.id, version: editing.version, ...frontWarehouseInput(v) })
          : call(frontWarehouseOps.add, frontWarehouseInput(v))
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      {editing ? <p style={{ color: 'rgba(0,0,0,0.45)' }}>前置仓编号 {editing.warehouseCode}</p> : null}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="前置仓名称" name="name" required rules={[frontWarehouseRules.name]}>
            <Input maxLength={30} showCount placeholder="例如：静安寺前置仓" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="面积（㎡）" name="area" rules={[frontWarehouseRules.area]}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder="选填" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="仓主姓名" name="ownerName" required rules={[frontWarehouseRules.ownerName]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="仓主手机号"
            name="ownerPhone"
            required
            rules={[editing ? frontWarehouseRules.editOwnerPhone : frontWarehouseRules.ownerPhone]}
          >
            <Input
              maxLength={11}
              placeholder="11位手机号"
              suffix={
                <RevealPhoneSuffix
                  value={ownerPhone}
                  canReveal={Boolean(editing)}
                  reveal={() => call(frontWarehouseOps.revealPhone, { id: editing!.id }).then((r) => r.phone)}
                  onRevealed={(phone) => form.setFieldValue('ownerPhone', phone)}
                />
              }
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="联系电话" name="contactTel" rules={[frontWarehouseRules.contactTel]}>
            <Input maxLength={20} placeholder="选填：座机或400电话" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="所在地区" name="region" required rules={[frontWarehouseRules.region]}>
            <FrontWarehouseRegionCascader />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="详细地址" name="address" required rules={[frontWarehouseRules.address]}>
            <Input maxLength={100} placeholder="街道、门牌号、楼层" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="备注" name="remark" rules={[frontWarehouseRules.remark]}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
