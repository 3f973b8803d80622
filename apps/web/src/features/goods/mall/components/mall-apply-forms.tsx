import { mallApprovalOps, mallNewProductFields, type MallApprovalDetail } from '@merchant/contracts/mall/mall-approval';
import { mallGoodsOps } from '@merchant/contracts/mall/mall-goods';
import { mallSkuFields } from '@merchant/contracts/mall/mall-sku';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../platform/call.ts';
import { zodRule } from '../../../../shared/ui/zod-rule.ts';
import { centsToYuanValue, yuanToCents } from '../../../../shared/format/money.ts';
import { ProductFieldItems } from '../../components/product-field-items.tsx';
import { useApplySave, type ApplyFamily } from '../../components/use-apply-save.tsx';
import { MALL_APPLY_LIST, mallApplyPath } from './mall-parts.tsx';
import { DEFAULT_TIERS, PriceTiersField, tiersToCents, tiersToYuan, type TierInput } from './price-tiers-field.tsx';

type MallSaveBody = Parameters<typeof call<typeof mallApprovalOps.save>>[1];
/** The mall's applications: saved, submitted and listed by the mall's operations. */
const MALL_FAMILY: ApplyFamily<MallSaveBody> = {
  save: (b) => call(mallApprovalOps.save, b),
  submit: (k) => call(mallApprovalOps.submit, k),
  queryRoot: 'mall',
  listPath: MALL_APPLY_LIST,
  pathOf: mallApplyPath,
};

interface ProductValues {
  name: string;
  barcode: string;
  brand: string;
  categoryId: number;
  spec: string;
  unit: string;
  shelfLifeDays: number | null;
  storageStyle: number;
  guidePrice: number | null;
  imageIds: string[];
  saleUnit: string;
  piecesPerUnit: number | null;
  priceTiers: TierInput[];
}
const f = mallNewProductFields;

/**
 * 商城新品申请 (kind 3): the product as the standard library will hold it, how the mall sells it (sale unit, pieces
 * per unit) and the first SKU's wholesale breaks. Rules from the same zod schema the server checks.
 */
export function MallProductForm({ initial }: { initial?: MallApprovalDetail }) {
  const [form] = Form.useForm<ProductValues>();
  const { setDirty, buttons } = useApplySave(MALL_FAMILY, initial);
  const saleUnit = Form.useWatch('saleUnit', form) ?? '箱';

  useEffect(() => {
    const p = initial?.mallProduct;
    if (p) form.setFieldsValue({ ...p, guidePrice: centsToYuanValue(p.guidePrice), priceTiers: tiersToYuan(p.priceTiers) });
  }, [initial, form]);

  const validate = async () => {
    try {
      const v = await form.validateFields();
      return {
        kind: 3 as const,
        ...(initial ? { approvalCode: initial.approvalCode, version: initial.version } : {}),
        name: v.name,
        barcode: v.barcode,
        brand: v.brand,
        categoryId: v.categoryId,
        spec: v.spec,
        unit: v.unit,
        shelfLifeDays: Number(v.shelfLifeDays),
        storageStyle: v.storageStyle,
        imageIds: v.imageIds ?? [],
        guidePrice: yuanToCents(v.guidePrice) ?? 0,
        saleUnit: v.saleUnit,
        piecesPerUnit: Number(v.piecesPerUnit),
        priceTiers: tiersToCents(v.priceTiers),
      };
    } catch {
      return undefined;
    }
  };

  return (
    <Form<ProductValues>
      form={form}
      layout="vertical"
      initialValues={{ storageStyle: 1, unit: '瓶', imageIds: [], saleUnit: '箱', piecesPerUnit: 12, priceTiers: DEFAULT_TIERS }}
      onValuesChange={() => setDirty(true)}
      aria-label="商城新品申请"
      scrollToFirstError
    >
      <Card
        variant="borderless"
        title={initial ? '编辑商城新品申请' : '商城新品申请'}
        extra={initial ? <Typography.Text type="secondary">申请单号 {initial.approvalCode}</Typography.Text> : null}
      >
        <Row gutter={24}>
          <ProductFieldItems namePlaceholder="如 农夫山泉 茶π 柠檬红茶">
            <Col xs={12} md={6}>
              <Form.Item label="销售单位" name="saleUnit" required rules={[zodRule(f.saleUnit)]} extra="如 箱、提、件">
                <Input maxLength={4} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="每单位件数" name="piecesPerUnit" required rules={[zodRule(f.piecesPerUnit)]}>
                <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="批发阶梯价" required>
                <PriceTiersField unit={saleUnit} />
              </Form.Item>
            </Col>
          </ProductFieldItems>
        </Row>
        {buttons(validate)}
      </Card>
    </Form>
  );
}

interface SkuValues {
  mallGoodsId: number | null;
  specName: string;
  specValue: string;
  barcode: string;
  priceTiers: TierInput[];
}

/** 商城SKU申请 (kind 4): a new SKU of a mall SPU with its wholesale breaks. */
export function MallSkuApplyForm({ initial }: { initial?: MallApprovalDetail }) {
  const [form] = Form.useForm<SkuValues>();
  const { setDirty, buttons } = useApplySave(MALL_FAMILY, initial);
  const [keyword, setKeyword] = useState('');
  const options = useQuery({ queryKey: ['mall', 'goods-options', keyword], queryFn: () => call(mallGoodsOps.options, { keyword }) });
  const picked = Form.useWatch('mallGoodsId', form);
  const unit = options.data?.find((o) => o.mallGoodsId === picked)?.saleUnit ?? initial?.mallSku?.saleUnit ?? '箱';

  useEffect(() => {
    const k = initial?.mallSku;
    if (k)
      form.setFieldsValue({
        mallGoodsId: k.mallGoodsId,
        specName: k.specValues[0]?.name ?? '规格',
        specValue: k.specValues[0]?.value ?? '',
        barcode: k.barcode,
        priceTiers: tiersToYuan(k.priceTiers),
      });
  }, [initial, form]);

  const validate = async () => {
    try {
      const v = await form.validateFields();
      return {
        kind: 4 as const,
        ...(initial ? { approvalCode: initial.approvalCode, version: initial.version } : {}),
        mallGoodsId: Number(v.mallGoodsId),
        specValues: v.specValue?.trim() ? [{ name: (v.specName || '规格').trim(), value: v.specValue.trim() }] : [],
        barcode: v.barcode,
        priceTiers: tiersToCents(v.priceTiers),
      };
    } catch {
      return undefined;
    }
  };

  return (
    <Form<SkuValues>
      form={form}
      layout="vertical"
      initialValues={{ specName: '规格', specValue: '', priceTiers: DEFAULT_TIERS }}
      onValuesChange={() => setDirty(true)}
      aria-label="商城SKU申请"
    >
      <Card variant="borderless" title={initial ? '编辑商城SKU申请' : '商城SKU申请'}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item label="所属商城商品" name="mallGoodsId" required rules={[{ required: true, message: '请选择商城商品' }]}>
              <Select
                showSearch
                filterOption={false}
                onSearch={(v) => setKeyword(v.trim())}
                placeholder="按名称或编码搜索"
                loading={options.isLoading}
                options={(options.data ?? []).map((o) => ({ value: o.mallGoodsId, label: `${o.title}（${o.mallCode}）` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="SKU条码" name="barcode" required rules={[zodRule(mallSkuFields.barcode)]}>
              <Input maxLength={13} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="规格名" name="specName">
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="规格值" name="specValue">
              <Input maxLength={20} placeholder="如 量贩装" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="批发阶梯价" required>
              <PriceTiersField unit={unit} />
            </Form.Item>
          </Col>
        </Row>
        {buttons(validate)}
      </Card>
    </Form>
  );
}
