import { MAX_PRICE_TIERS, priceTierSchema, priceTiersSchema, type PriceTier } from '@merchant/contracts/mall/price-tiers';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Space, Typography } from 'antd';
import { centsToYuanValue, yuanToCents } from '../../../../shared/format/money.ts';
import { yuanSchema, zodRule } from '../../../../shared/ui/zod-rule.ts';

/** A break as the form holds it: the price in 元. */
export interface TierInput {
  minQty: number | null;
  price: number | null;
}
export const tiersToCents = (list: TierInput[] | undefined): PriceTier[] =>
  (list ?? []).map((t) => ({ minQty: Number(t.minQty), price: yuanToCents(t.price) ?? 0 }));
export const tiersToYuan = (tiers: readonly PriceTier[]): TierInput[] =>
  tiers.map((t) => ({ minQty: t.minQty, price: centsToYuanValue(t.price) ?? null }));
export const DEFAULT_TIERS: TierInput[] = [{ minQty: 1, price: null }];

/**
 * 批发阶梯价: up to five breaks (起批数量, 批发单价 in 元). Each field by its own rule, the whole list by the same
 * priceTiersSchema the server checks (quantities strictly rising from the MOQ, prices never rising).
 */
export function PriceTiersField({ unit, disabled = false }: { unit: string; disabled?: boolean }) {
  return (
    <Form.List
      name="priceTiers"
      rules={[
        {
          validator: async (_r, list: TierInput[] | undefined) => {
            if (!list || list.some((t) => t?.minQty === null || t?.minQty === undefined || t?.price === null || t?.price === undefined))
              return;
            const r = priceTiersSchema.safeParse(tiersToCents(list));
            if (!r.success) throw new Error(r.error.issues[0]?.message ?? '批发价不正确');
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, i) => (
            <Space key={field.key} align="baseline" wrap data-testid={`tier-${i}`}>
              <Typography.Text type="secondary" style={{ width: 44, display: 'inline-block' }}>
                第{i + 1}档
              </Typography.Text>
              <Form.Item name={[field.name, 'minQty']} rules={[zodRule(priceTierSchema.shape.minQty)]} required>
                <InputNumber
                  aria-label={`第${i + 1}档起批数量`}
                  min={1}
                  precision={0}
                  addonAfter={`${unit || '单位'}起`}
                  disabled={disabled}
                  style={{ width: 170 }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'price']} rules={[zodRule(yuanSchema(priceTierSchema.shape.price))]} required>
                <InputNumber
                  aria-label={`第${i + 1}档批发价`}
                  min={0}
                  precision={2}
                  prefix="¥"
                  addonAfter={`元/${unit || '单位'}`}
                  disabled={disabled}
                  style={{ width: 190 }}
                />
              </Form.Item>
              {!disabled && fields.length > 1 && (
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除第${i + 1}档`} onClick={() => remove(field.name)} />
              )}
            </Space>
          ))}
          {!disabled && fields.length < MAX_PRICE_TIERS && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ minQty: null, price: null })}>
              添加一档
            </Button>
          )}
          <Form.ErrorList errors={errors} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            第一档的起批数量即起订量；每一档的数量须大于上一档，单价不能高于上一档，最多{MAX_PRICE_TIERS}档。
          </Typography.Paragraph>
        </>
      )}
    </Form.List>
  );
}
