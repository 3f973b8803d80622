import { productFields, STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { Col, Form, Input, InputNumber, Radio } from 'antd';
import type { ReactNode } from 'react';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { categoryOptions, useCategoryTree } from './category-tree.ts';
import { LeafCategorySelect } from './goods-form-parts.tsx';
import { GoodsImagesField } from './goods-images-field.tsx';
import { YuanItem } from './sku-form-fields.tsx';

const f = productFields;
const storageOptions = Object.entries(STORAGE_STYLES).map(([v, l]) => ({ value: Number(v), label: l }));

/**
 * The fields of a standard product (`productFields`: the same zod rules the server checks), laid out once for
 * every form that proposes or edits one — 新品申请, 商城新品申请, 编辑标准商品. Form.Items inside the caller's
 * `<Row>`: name, barcode, brand, level-3 category (`categoryId`), spec, unit, shelf life, storage style, guide price
 * in 元 (field `guidePriceName`), then `children` (the form's own fields), then the images.
 */
export function ProductFieldItems({
  guidePriceName = 'guidePrice',
  namePlaceholder,
  children,
}: {
  guidePriceName?: string;
  namePlaceholder?: string;
  children?: ReactNode;
}) {
  const tree = useCategoryTree();
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item label="商品名称" name="name" required rules={[zodRule(f.name)]}>
          <Input maxLength={60} showCount placeholder={namePlaceholder} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="商品条码" name="barcode" required rules={[zodRule(f.barcode)]} extra="EAN-13、EAN-8 或 UPC-A，校验位自动核对">
          <Input maxLength={13} placeholder="如 6921168593576" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="品牌" name="brand" required rules={[zodRule(f.brand)]}>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item
          label="商品分类"
          name="categoryId"
          required
          rules={[zodRule(f.categoryId)]}
          extra={tree.data?.length === 0 ? '尚无商品分类，请先在标准商品库维护分类' : '只能选择第三级分类'}
        >
          <LeafCategorySelect treeData={categoryOptions(tree.data, { leavesOnly: true })} expandAll={false} loading={tree.isLoading} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="规格" name="spec" required rules={[zodRule(f.spec)]}>
          <Input maxLength={30} placeholder="如 550ml" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="单位" name="unit" required rules={[zodRule(f.unit)]}>
          <Input maxLength={10} placeholder="如 瓶" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="保质期（天）" name="shelfLifeDays" required rules={[zodRule(f.shelfLifeDays)]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="储存方式" name="storageStyle" required rules={[zodRule(f.storageStyle)]}>
          <Radio.Group options={storageOptions} optionType="button" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <YuanItem label="建议零售价（元）" name={guidePriceName} cents={f.guidePrice} prefix="¥" />
      </Col>
      {children}
      <Col xs={24}>
        <Form.Item label="商品图片" name="imageIds" rules={[zodRule(f.imageIds)]}>
          <GoodsImagesField />
        </Form.Item>
      </Col>
    </>
  );
}
