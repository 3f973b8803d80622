import { newProductFields, type ApprovalDetail } from '@merchant/contracts/goods/approval';
import { useEffect } from 'react';
import { Card, Col, Form, Row, Typography } from 'antd';
import { centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { GOODS_APPLY, goodsApply, type ApprovalPaths, type GoodsSaveBody } from './approval-parts.tsx';
import { useApplySave } from './use-apply-save.tsx';
import { ProductFieldItems } from './product-field-items.tsx';
import { YuanItem } from './sku-form-fields.tsx';

interface Values {
  name: string;
  barcode: string;
  brand: string;
  categoryId: number;
  spec: string;
  unit: string;
  shelfLifeDays: number | null;
  storageStyle: number;
  guidePrice: number | null;
  basePrice: number | null;
  imageIds: string[];
}

const f = newProductFields;
const EMPTY: Partial<Values> = { storageStyle: 1, unit: '瓶', imageIds: [] };

/**
 * 新品申请 form (add, or edit of a draft / rejected / withdrawn application): the product as the standard
 * library will hold it, and the sale price. 保存草稿 keeps it; 提交审核 saves and submits.
 */
export function ApprovalProductForm({ initial, paths }: { initial?: ApprovalDetail; paths?: ApprovalPaths }) {
  const [form] = Form.useForm<Values>();
  const { setDirty, buttons } = useApplySave(paths ? goodsApply(paths) : GOODS_APPLY, initial);

  useEffect(() => {
    const p = initial?.product;
    if (p) form.setFieldsValue({ ...p, guidePrice: centsToYuanValue(p.guidePrice), basePrice: centsToYuanValue(p.basePrice) });
  }, [initial, form]);

  const validate = async (): Promise<GoodsSaveBody | undefined> => {
    try {
      const v = await form.validateFields();
      return {
        kind: 1 as const,
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
        basePrice: yuanToCents(v.basePrice) ?? 0,
      };
    } catch {
      return undefined;
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={EMPTY}
      onValuesChange={() => setDirty(true)}
      aria-label="新品申请"
      scrollToFirstError
    >
      <Card
        variant="borderless"
        title={initial ? `编辑新品申请` : '新品申请'}
        extra={initial ? <Typography.Text type="secondary">申请单号 {initial.approvalCode}</Typography.Text> : null}
      >
        <Row gutter={24}>
          <ProductFieldItems namePlaceholder="如 农夫山泉 长白雪矿泉水 535ml">
            <Col xs={24} md={12}>
              <YuanItem label="销售价（元）" name="basePrice" cents={f.basePrice} prefix="¥" />
            </Col>
          </ProductFieldItems>
        </Row>
        {buttons(validate)}
      </Card>
    </Form>
  );
}
