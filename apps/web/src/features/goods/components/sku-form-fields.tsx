import { specValueSchema } from '@merchant/contracts/goods/goods-fields';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row } from 'antd';
import { yuanSchema, zodRule, type ParseableSchema } from '../../../shared/ui/zod-rule.ts';

// The SKU form block of 新增/编辑SKU, 创建/编辑供应链Sku and SKU申请: spec values, barcode, a price in 元.

const SPEC_PARTS = [
  ['name', '规格名'],
  ['value', '规格值'],
] as const;

/** Spec values (field `specValues`): up to three 规格名 = 规格值 rows, each checked by the server's schema. */
export function SpecValuesList({ examples = ['如 口味', '如 原味'] }: { examples?: [string, string] }) {
  return (
    <Form.List name="specValues">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Row gutter={12} key={field.key}>
              {SPEC_PARTS.map(([part, label], i) => (
                <Col xs={10} md={6} key={part}>
                  <Form.Item
                    label={index === 0 ? label : undefined}
                    name={[field.name, part]}
                    rules={[zodRule(specValueSchema.shape[part])]}
                  >
                    <Input placeholder={examples[i]} />
                  </Form.Item>
                </Col>
              ))}
              <Col xs={4} md={2} style={{ paddingTop: index === 0 ? 30 : 0 }}>
                <Button type="text" danger icon={<MinusCircleOutlined />} aria-label="删除规格" onClick={() => remove(field.name)} />
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })} disabled={fields.length >= 3}>
            添加规格（最多3项）
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** Where an item sits: its field (a path inside a Form.List row), its label (none on a table's later rows), its aria-label. */
interface ItemPlace {
  name?: string | (string | number)[];
  label?: string | null;
  ariaLabel?: string;
  required?: boolean;
}

/** SKU条码 (field `barcode`), checked by the server's rule. */
export function SkuBarcodeItem({
  rule,
  placeholder = 'EAN-13 / EAN-8 / UPC-A',
  name = 'barcode',
  label = 'SKU条码',
  ariaLabel,
  required = true,
}: { rule: ParseableSchema; placeholder?: string } & ItemPlace) {
  return (
    <Form.Item label={label ?? undefined} name={name} required={required} rules={[zodRule(rule)]}>
      <Input maxLength={13} placeholder={placeholder} aria-label={ariaLabel} />
    </Form.Item>
  );
}

/** A price typed in 元 (two decimals), checked by the server's rule for the cents it is sent as. */
export function YuanItem({
  label,
  name,
  cents,
  prefix,
  ariaLabel,
  required = true,
}: { cents: ParseableSchema; prefix?: string } & ItemPlace) {
  return (
    <Form.Item label={label ?? undefined} name={name} required={required} rules={[zodRule(yuanSchema(cents))]}>
      <InputNumber min={0} precision={2} style={{ width: '100%' }} prefix={prefix} aria-label={ariaLabel} />
    </Form.Item>
  );
}
