import { approvalOps, newProductFields, type ApprovalCategoryOption, type ApprovalDetail } from '@merchant/contracts/goods/approval';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { App, Button, Card, Cascader, Col, Form, Input, InputNumber, Radio, Row, Space, Typography } from 'antd';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { GoodsImagesField } from './goods-images-field.tsx';
import { APPROVAL_LIST_PATH, approvalPath, toCents, yuanSchema } from './approval-parts.tsx';

interface Values {
  name: string;
  barcode: string;
  brand: string;
  category: number[];
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

/** The path of ids from the root to a category (for the cascader). */
function pathTo(tree: ApprovalCategoryOption[], id: number): number[] {
  for (const c of tree) {
    if (c.id === id) return [c.id];
    const below = pathTo(c.children ?? [], id);
    if (below.length) return [c.id, ...below];
  }
  return [];
}
interface CascaderOption {
  value: number;
  label: string;
  children?: CascaderOption[];
}
const toOptions = (tree: ApprovalCategoryOption[]): CascaderOption[] =>
  tree.map((c) => ({ value: c.id, label: c.name, children: c.children?.length ? toOptions(c.children) : undefined }));

export const useApprovalCategories = () =>
  useQuery({ queryKey: ['goods', 'approval-categories'], queryFn: () => call(approvalOps.categoryOptions), staleTime: 60_000 });

/**
 * 新品申请 form (add, or edit of a draft / rejected / withdrawn application): the product as the standard
 * library will hold it, and the sale price. 保存草稿 keeps it; 提交审核 saves and submits.
 */
export function ApprovalProductForm({ initial }: { initial?: ApprovalDetail }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState<'' | 'draft' | 'submit'>('');
  const categories = useApprovalCategories();
  const { allowLeave } = useLeaveGuard(dirty && !saving);

  useEffect(() => {
    const p = initial?.product;
    if (p && categories.data) {
      form.setFieldsValue({
        ...p,
        category: pathTo(categories.data, p.categoryId),
        guidePrice: p.guidePrice / 100,
        basePrice: p.basePrice / 100,
      });
    }
  }, [initial, categories.data, form]);

  const save = async (submit: boolean) => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(submit ? 'submit' : 'draft');
    try {
      const body = {
        kind: 1 as const,
        ...(initial ? { approvalCode: initial.approvalCode, version: initial.version } : {}),
        name: v.name,
        barcode: v.barcode,
        brand: v.brand,
        categoryId: v.category.at(-1)!,
        spec: v.spec,
        unit: v.unit,
        shelfLifeDays: Number(v.shelfLifeDays),
        storageStyle: v.storageStyle,
        imageIds: v.imageIds ?? [],
        guidePrice: toCents(v.guidePrice),
        basePrice: toCents(v.basePrice),
      };
      let state = await call(approvalOps.save, body);
      if (submit) state = await call(approvalOps.submit, { approvalCode: state.approvalCode, version: state.version });
      message.success(submit ? `已提交审核，申请单号 ${state.approvalCode}` : `草稿已保存，申请单号 ${state.approvalCode}`);
      setDirty(false);
      allowLeave();
      await queryClient.invalidateQueries({ queryKey: ['goods', 'approvals'] });
      await queryClient.invalidateQueries({ queryKey: ['goods', 'approval', state.approvalCode] });
      navigate(approvalPath(state.approvalCode));
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving('');
    }
  };

  const confirmSubmit = () =>
    modal.confirm({ title: '确认提交审核？', content: '提交后在审核完成前不能修改，可撤回后再修改。', onOk: () => save(true) });

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
          <Col xs={24} md={12}>
            <Form.Item label="商品名称" name="name" required rules={[zodRule(f.name)]}>
              <Input maxLength={60} placeholder="如 农夫山泉 长白雪矿泉水 535ml" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="商品条码" name="barcode" required rules={[zodRule(f.barcode)]} extra="EAN-13、EAN-8 或 UPC-A，校验位自动核对">
              <Input maxLength={13} placeholder="如 6921168593576" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="品牌" name="brand" required rules={[zodRule(f.brand)]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="商品分类"
              name="category"
              required
              rules={[{ type: 'array', len: 3, required: true, message: '请选择三级商品分类' }]}
              extra={categories.data?.length === 0 ? '尚无商品分类，请先在标准商品库维护分类' : undefined}
            >
              <Cascader placeholder="请选择三级分类" options={toOptions(categories.data ?? [])} loading={categories.isLoading} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="规格" name="spec" required rules={[zodRule(f.spec)]}>
              <Input maxLength={30} placeholder="如 535ml" />
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
          <Col xs={24} md={8}>
            <Form.Item label="储存方式" name="storageStyle" required rules={[zodRule(f.storageStyle)]}>
              <Radio.Group optionType="button" options={Object.entries(STORAGE_STYLES).map(([v, l]) => ({ value: Number(v), label: l }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="建议零售价（元）" name="guidePrice" required rules={[zodRule(yuanSchema(f.guidePrice))]}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} prefix="¥" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="销售价（元）" name="basePrice" required rules={[zodRule(yuanSchema(f.basePrice))]}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} prefix="¥" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="商品图片" name="imageIds" rules={[zodRule(f.imageIds)]}>
              <GoodsImagesField />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" loading={saving === 'submit'} disabled={Boolean(saving)} onClick={confirmSubmit}>
            提交审核
          </Button>
          <Button loading={saving === 'draft'} disabled={Boolean(saving)} onClick={() => void save(false)}>
            保存草稿
          </Button>
          <Button onClick={() => navigate(initial ? approvalPath(initial.approvalCode) : APPROVAL_LIST_PATH)}>取消</Button>
        </Space>
      </Card>
    </Form>
  );
}
