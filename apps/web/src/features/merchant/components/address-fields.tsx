import { Col, Form, Input } from 'antd';
import type { z } from 'zod';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

interface AddressSchemas {
  province: z.ZodType;
  city: z.ZodType;
  district: z.ZodType;
  address: z.ZodType;
}

/** 省份 / 城市 / 区县 / 详细地址, with rules from the page's own schema (merchant, store, settle subject). */
export function AddressFields({ fields, addressPlaceholder }: { fields: AddressSchemas; addressPlaceholder?: string }) {
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item label="省份" name="province" required rules={[zodRule(fields.province)]}>
          <Input maxLength={20} placeholder="如 上海市" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="城市" name="city" required rules={[zodRule(fields.city)]}>
          <Input maxLength={20} placeholder="如 上海市" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="区县" name="district" rules={[zodRule(fields.district)]}>
          <Input maxLength={20} placeholder="如 徐汇区" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="详细地址" name="address" required rules={[zodRule(fields.address)]}>
          <Input maxLength={100} placeholder={addressPlaceholder} />
        </Form.Item>
      </Col>
    </>
  );
}
