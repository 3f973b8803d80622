import { approvalOps, skuApplyFields, type ApprovalDetail } from '@merchant/contracts/goods/approval';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Radio, Row, Select, Typography } from 'antd';
import { call } from '../../../platform/call.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { GOODS_APPLY, goodsApply, type ApprovalPaths, type GoodsSaveBody } from './approval-parts.tsx';
import { useApplySave } from './use-apply-save.tsx';
import { SkuBarcodeItem, SpecValuesList, YuanItem } from './sku-form-fields.tsx';

interface Values {
  goodsId: number | undefined;
  specValues: { name: string; value: string }[];
  barcode: string;
  basePrice: number | null;
  storageStyle: number;
}

const f = skuApplyFields;

/** SKU申请 form: an existing SPU, the new SKU's spec values, barcode, sale price and storage style. */
export function ApprovalSkuForm({ initial, paths }: { initial?: ApprovalDetail; paths?: ApprovalPaths }) {
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const { setDirty, buttons } = useApplySave(paths ? goodsApply(paths) : GOODS_APPLY, initial);
  const goods = useQuery({
    queryKey: ['goods', 'approval-goods', keyword],
    queryFn: () => call(approvalOps.goodsOptions, { keyword }),
    placeholderData: (prev) => prev,
  });

  useEffect(() => {
    const s = initial?.sku;
    if (s) form.setFieldsValue({ ...s, basePrice: centsToYuanValue(s.basePrice) });
  }, [initial, form]);

  const options = [
    ...(initial?.sku && !goods.data?.some((g) => g.id === initial.sku!.goodsId)
      ? [{ value: initial.sku.goodsId, label: `${initial.sku.goodsName}（${initial.sku.goodsCode}）` }]
      : []),
    ...(goods.data ?? []).map((g) => ({
      value: g.id,
      label: `${g.name}（${g.goodsCode}）${g.categoryPath ? ` · ${g.categoryPath}` : ''}`,
    })),
  ];

  const validate = async (): Promise<GoodsSaveBody | undefined> => {
    try {
      const v = await form.validateFields();
      return {
        kind: 2 as const,
        ...(initial ? { approvalCode: initial.approvalCode, version: initial.version } : {}),
        goodsId: v.goodsId!,
        specValues: v.specValues ?? [],
        barcode: v.barcode,
        basePrice: yuanToCents(v.basePrice) ?? 0,
        storageStyle: v.storageStyle,
      };
    } catch {
      return undefined;
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ storageStyle: 1, specValues: [{ name: '', value: '' }] }}
      onValuesChange={() => setDirty(true)}
      aria-label="SKU申请"
      scrollToFirstError
    >
      <Card
        variant="borderless"
        title={initial ? '编辑SKU申请' : 'SKU申请'}
        extra={initial ? <Typography.Text type="secondary">申请单号 {initial.approvalCode}</Typography.Text> : null}
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item label="所属商品" name="goodsId" required rules={[zodRule(f.goodsId)]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                placeholder="输入商品名称或编码搜索"
                options={options}
                loading={goods.isFetching}
                notFoundContent={goods.isFetching ? '搜索中…' : '没有找到商品'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <SkuBarcodeItem rule={f.barcode} placeholder="如 6921168593576" />
          </Col>
          <Col span={24}>
            <SpecValuesList examples={['如 口味', '如 白桃']} />
          </Col>
          <Col xs={24} md={12}>
            <YuanItem label="销售价（元）" name="basePrice" cents={f.basePrice} prefix="¥" />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="储存方式" name="storageStyle" required rules={[zodRule(f.storageStyle)]}>
              <Radio.Group optionType="button" options={Object.entries(STORAGE_STYLES).map(([v, l]) => ({ value: Number(v), label: l }))} />
            </Form.Item>
          </Col>
        </Row>
        {buttons(validate)}
      </Card>
    </Form>
  );
}
