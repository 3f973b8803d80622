import { GOODS_STATUS, goodsOps, spuFields, type GoodsDetail } from '@merchant/contracts/goods/goods';
import { skuFields, STORAGE_STYLES, specValueSchema } from '@merchant/contracts/goods/goods-fields';
import { type SkuRow } from '@merchant/contracts/goods/sku';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan, yuanToCents } from '../../../shared/format/money.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { categoryOptions, useCategoryTree } from '../components/category-tree.ts';
import { GoodsStatusTag, priceRangeText, SkuStatusTag } from '../components/goods-tags.tsx';
import { FormFooter, LeafCategorySelect } from '../components/goods-form-parts.tsx';
import { SkuBarcodeItem, YuanItem } from '../components/sku-form-fields.tsx';
import { approvalPath } from '../components/approval-parts.tsx';

const LIST = '/website/goods/goods-management-list';
const styleOptions = Object.entries(STORAGE_STYLES).map(([v, l]) => ({ value: Number(v), label: l }));

interface SkuFormRow {
  specName?: string;
  specValue?: string;
  barcode: string;
  basePriceYuan: number | null;
  storageStyle?: number;
}
interface Values {
  name: string;
  brand: string;
  categoryId: number | undefined;
  unit: string;
  storageStyle: number;
  shelfLifeDays: number | null;
  description: string;
  skus: SkuFormRow[];
}

const specRule = (part: 'name' | 'value') => ({
  validator: async (_r: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    const res = specValueSchema.shape[part].safeParse(v);
    if (!res.success) throw new Error(res.error.issues[0]?.message);
  },
});

function SkuTable({ skus, actions }: { skus: SkuRow[]; actions?: (r: SkuRow) => ReactNode }) {
  const columns: ColumnsType<SkuRow> = [
    { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 110 },
    { key: 'name', title: 'SKU名称', dataIndex: 'name' },
    { key: 'specText', title: '规格', dataIndex: 'specText', render: (v: string) => v || '--' },
    { key: 'barcode', title: 'SKU条码', dataIndex: 'barcode', width: 140 },
    { key: 'basePrice', title: '销售价（元）', dataIndex: 'basePrice', width: 120, align: 'right', render: (v: number) => centsToYuan(v) },
    { key: 'storageStyleName', title: '储存方式', dataIndex: 'storageStyleName', width: 90 },
    { key: 'status', title: '状态', dataIndex: 'status', width: 80, render: (v: number) => <SkuStatusTag status={v} /> },
  ];
  if (actions) columns.push({ key: 'actions', title: '操作', width: 100, render: (_v, r) => actions(r) });
  return <Table<SkuRow> size="small" rowKey="skuId" columns={columns} dataSource={skus} pagination={false} />;
}

function GoodsView({ goods }: { goods: GoodsDetail }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['goods'] });
  const changeStatus = (status: number) =>
    modal.confirm({
      title: `确认将“${goods.name}”设为${GOODS_STATUS[status as keyof typeof GOODS_STATUS]}？`,
      content: status === 2 ? '停售后该商品的全部SKU将同时下架。' : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(goodsOps.setStatus, { goodsId: goods.goodsId, version: goods.version, status });
        message.success('销售状态已更新');
        await reload();
      },
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={<span data-testid="goods-title">查看商品</span>}
        extra={
          <Space>
            <Button onClick={() => navigate(`/website/goods/add-goods/${goods.goodsId}/edit`)}>编辑</Button>
            {goods.status === 1 ? (
              <Button danger onClick={() => changeStatus(2)}>
                停售
              </Button>
            ) : (
              <Button onClick={() => changeStatus(1)}>在售</Button>
            )}
          </Space>
        }
      >
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'goodsCode', label: '商品编码', children: goods.goodsCode },
            { key: 'name', label: '商品名称', children: goods.name },
            { key: 'status', label: '销售状态', children: <GoodsStatusTag status={goods.status} /> },
            { key: 'brand', label: '品牌', children: goods.brand || '--' },
            { key: 'categoryPath', label: '商品分类', children: goods.categoryPath || '--' },
            { key: 'unit', label: '单位', children: goods.unit },
            { key: 'storageStyle', label: '储存方式', children: goods.storageStyleName },
            { key: 'shelfLifeDays', label: '保质期', children: `${goods.shelfLifeDays}天` },
            { key: 'price', label: '销售价（元）', children: priceRangeText(goods.minPrice, goods.maxPrice) },
            { key: 'source', label: '来源', children: <GoodsOrigin goods={goods} /> },
            { key: 'createdAt', label: '创建时间', children: formatDateTime(goods.createdAt) },
            { key: 'updatedAt', label: '更新时间', children: formatDateTime(goods.updatedAt) },
            { key: 'description', label: '商品描述', span: 3, children: goods.description || '--' },
          ]}
        />
      </Card>
      <Card
        variant="borderless"
        title={`SKU（${goods.skus.length}）`}
        extra={<Link to={`/website/goods/add-sku/add?goodsId=${goods.goodsId}`}>新增SKU</Link>}
      >
        <SkuTable skus={goods.skus} actions={(r) => <Link to={`/website/goods/add-sku/view/${r.skuId}`}>查看</Link>} />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={goodsOps.history} input={{ goodsId: goods.goodsId }} queryKey={['goods', 'goods', goods.goodsId]} />
      </Card>
    </Space>
  );
}

/**
 * add-goods/:goodsId/:handleType?  handleType add: a new goods with its SKU rows; edit: the goods' own fields
 * (its SKUs are edited on add-sku); view (default): details, SKUs and history. Titles 新增商品/编辑商品/查看商品.
 */
export default function AddGoodsPage() {
  const { goodsId: rawId, handleType = 'view' } = useParams();
  const goodsId = Number(rawId);
  const isAdd = handleType === 'add';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const tree = useCategoryTree();
  const goods = useQuery({
    queryKey: ['goods', 'goods', goodsId],
    queryFn: () => call(goodsOps.detail, { goodsId }),
    enabled: !isAdd && goodsId > 0,
  });
  useLeaveGuard(dirty && !saving);

  useEffect(() => {
    if (handleType === 'edit' && goods.data) {
      const g = goods.data;
      form.setFieldsValue({
        name: g.name,
        brand: g.brand,
        categoryId: g.categoryId,
        unit: g.unit,
        storageStyle: g.storageStyle,
        shelfLifeDays: g.shelfLifeDays,
        description: g.description,
      });
    }
  }, [goods.data, form, handleType]);

  const back = <Link to={LIST}>返回商品列表</Link>;
  if (!['add', 'edit', 'view'].includes(handleType)) return <Result status="404" title="页面类型不正确" extra={back} />;
  if (!isAdd && !(goodsId > 0)) return <Result status="warning" title="缺少商品" extra={back} />;
  if (!isAdd && goods.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  if (!isAdd && !goods.data) return <Result status="warning" title="商品不存在" extra={back} />;
  if (handleType === 'view') return <GoodsView goods={goods.data!} />;

  const submit = async (v: Values) => {
    setSaving(true);
    const spu = {
      name: v.name,
      brand: v.brand,
      categoryId: v.categoryId!,
      unit: v.unit,
      storageStyle: v.storageStyle,
      shelfLifeDays: v.shelfLifeDays ?? 0,
      imageIds: goods.data?.imageIds ?? [],
      description: v.description ?? '',
    };
    try {
      if (isAdd) {
        const res = await call(goodsOps.create, {
          ...spu,
          skus: v.skus.map((s) => ({
            specValues: s.specName && s.specValue ? [{ name: s.specName, value: s.specValue }] : [],
            barcode: s.barcode,
            basePrice: yuanToCents(s.basePriceYuan) ?? 0,
            storageStyle: s.storageStyle,
          })),
        });
        message.success(`商品已创建，编码 ${res.goodsCode}`);
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
        navigate(`/website/goods/add-goods/${res.goodsId}/view`);
      } else {
        await call(goodsOps.update, { ...spu, goodsId, version: goods.data!.version });
        message.success('商品已保存');
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
        navigate(`/website/goods/add-goods/${goodsId}/view`);
      }
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  const f = spuFields;
  const title = isAdd ? '新增商品' : '编辑商品';
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ storageStyle: 1, skus: [{ specName: '规格', barcode: '', basePriceYuan: null }] }}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setDirty(true)}
      aria-label={title}
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={<span data-testid="goods-title">{title}</span>}>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item label="商品名称" name="name" required rules={[zodRule(f.name)]}>
                <Input maxLength={60} placeholder="如 农夫山泉饮用天然水" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="品牌" name="brand" required rules={[zodRule(f.brand)]}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="商品分类" name="categoryId" required rules={[zodRule(f.categoryId)]}>
                <LeafCategorySelect treeData={categoryOptions(tree.data, { leavesOnly: true })} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="单位" name="unit" required rules={[zodRule(f.unit)]}>
                <Input maxLength={10} placeholder="如 瓶" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="保质期（天）" name="shelfLifeDays" required rules={[zodRule(f.shelfLifeDays)]}>
                <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="储存方式" name="storageStyle" required rules={[zodRule(f.storageStyle)]}>
                <Select options={styleOptions} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="商品描述" name="description" rules={[zodRule(f.description)]}>
                <Input.TextArea maxLength={500} rows={3} showCount />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        {isAdd ? (
          <Card variant="borderless" title="SKU">
            <Form.List name="skus">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field, index) => (
                    <Row gutter={12} key={field.key} align="top" data-testid={`sku-row-${index}`}>
                      <Col xs={12} md={3}>
                        <Form.Item label={index === 0 ? '规格名' : undefined} name={[field.name, 'specName']} rules={[specRule('name')]}>
                          <Input placeholder="如 规格" aria-label={`第${index + 1}行规格名`} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={4}>
                        <Form.Item label={index === 0 ? '规格值' : undefined} name={[field.name, 'specValue']} rules={[specRule('value')]}>
                          <Input placeholder="如 550ml" aria-label={`第${index + 1}行规格值`} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={6}>
                        <SkuBarcodeItem
                          rule={skuFields.barcode}
                          name={[field.name, 'barcode']}
                          label={index === 0 ? 'SKU条码' : null}
                          ariaLabel={`第${index + 1}行SKU条码`}
                          required={false}
                        />
                      </Col>
                      <Col xs={12} md={4}>
                        <YuanItem
                          cents={skuFields.basePrice}
                          name={[field.name, 'basePriceYuan']}
                          label={index === 0 ? '销售价（元）' : null}
                          ariaLabel={`第${index + 1}行销售价`}
                          required={false}
                        />
                      </Col>
                      <Col xs={10} md={5}>
                        <Form.Item label={index === 0 ? '储存方式' : undefined} name={[field.name, 'storageStyle']}>
                          <Select options={styleOptions} allowClear placeholder="同商品" />
                        </Form.Item>
                      </Col>
                      <Col xs={2} md={2} style={{ paddingTop: index === 0 ? 30 : 0 }}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`删除第${index + 1}行`}
                          disabled={fields.length <= 1}
                          onClick={() => remove(field.name)}
                        />
                      </Col>
                    </Row>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ specName: '规格', barcode: '', basePriceYuan: null })}
                    disabled={fields.length >= 20}
                  >
                    添加SKU
                  </Button>
                </>
              )}
            </Form.List>
          </Card>
        ) : (
          <Card variant="borderless" title="SKU" extra={<Link to={`/website/goods/add-sku/add?goodsId=${goodsId}`}>新增SKU</Link>}>
            <SkuTable skus={goods.data!.skus} actions={(r) => <Link to={`/website/goods/add-sku/edit/${r.skuId}`}>编辑</Link>} />
          </Card>
        )}
        <FormFooter saving={saving} />
      </Space>
    </Form>
  );
}

/** 来源: 手工新增, 标准库选品 (the product's goodsNo) or 新品申请 (its approvalCode, a link to the application). */
function GoodsOrigin({ goods }: { goods: GoodsDetail }) {
  const o = goods.origin;
  if (!o) return <>手工新增</>;
  if (o.approvalCode)
    return (
      <>
        新品申请 <Link to={approvalPath(o.approvalCode)}>{o.approvalCode}</Link>
      </>
    );
  return <>标准库选品（{o.goodsNo}）</>;
}
