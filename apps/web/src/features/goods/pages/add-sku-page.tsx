import { skuFields, STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, Result, Row, Select, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan, centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { GoodsStatusTag, SkuStatusTag } from '../components/goods-tags.tsx';
import { SkuBarcodeItem, SpecValuesList, YuanItem } from '../components/sku-form-fields.tsx';
import { FormFooter } from '../components/goods-form-parts.tsx';

const LIST = '/website/goods/sku-list';
const styleOptions = Object.entries(STORAGE_STYLES).map(([v, l]) => ({ value: Number(v), label: l }));

interface Values {
  goodsId?: number;
  specValues: { name: string; value: string }[];
  barcode: string;
  basePriceYuan: number | null;
  storageStyle?: number;
}

function SkuView({ sku }: { sku: SkuRow }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const setStatus = (status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '上架' : '下架'}“${sku.name}”？`,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(skuOps.setStatus, { skuId: sku.skuId, version: sku.version, status });
        message.success(status === 1 ? '已上架' : '已下架');
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
      },
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={<span data-testid="sku-title">查看SKU</span>}
        extra={
          <Space>
            <Button onClick={() => navigate(`/website/goods/add-sku/edit/${sku.skuId}`)}>编辑</Button>
            {sku.status === 1 ? (
              <Button danger onClick={() => setStatus(2)}>
                下架
              </Button>
            ) : sku.goodsStatus === 1 ? (
              <Button onClick={() => setStatus(1)}>上架</Button>
            ) : null}
          </Space>
        }
      >
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'skuCode', label: 'SKU编码', children: sku.skuCode },
            { key: 'name', label: 'SKU名称', children: sku.name },
            { key: 'status', label: '上下架状态', children: <SkuStatusTag status={sku.status} /> },
            {
              key: 'goods',
              label: '所属商品',
              children: (
                <Space>
                  <Link to={`/website/goods/add-goods/${sku.goodsId}/view`}>
                    {sku.goodsName}（{sku.goodsCode}）
                  </Link>
                  <GoodsStatusTag status={sku.goodsStatus} />
                </Space>
              ),
            },
            { key: 'specText', label: '规格', children: sku.specText || '--' },
            { key: 'barcode', label: 'SKU条码', children: sku.barcode },
            { key: 'basePrice', label: '销售价（元）', children: centsToYuan(sku.basePrice) },
            { key: 'storageStyle', label: '储存方式', children: sku.storageStyleName },
            { key: 'categoryPath', label: '商品分类', children: sku.categoryPath || '--' },
            { key: 'createdAt', label: '创建时间', children: formatDateTime(sku.createdAt) },
            { key: 'updatedAt', label: '更新时间', children: formatDateTime(sku.updatedAt) },
          ]}
        />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={skuOps.history} input={{ skuId: sku.skuId }} queryKey={['goods', 'sku', sku.skuId]} />
      </Card>
    </Space>
  );
}

/**
 * add-sku/:handleType/:skuId?  add: a new SKU (the goods picked, or given as ?goodsId=); edit: that SKU;
 * view: details and history. Titles 新增SKU/编辑SKU/查看SKU.
 */
export default function AddSkuPage() {
  const { handleType, skuId: rawId } = useParams();
  const [search] = useSearchParams();
  const skuId = Number(rawId);
  const isAdd = handleType === 'add';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const sku = useQuery({ queryKey: ['goods', 'sku', skuId], queryFn: () => call(skuOps.detail, { skuId }), enabled: !isAdd && skuId > 0 });
  const goodsOptions = useQuery({
    queryKey: ['goods', 'sku-goods-options', keyword],
    queryFn: () => call(skuOps.goodsOptions, { keyword: keyword || undefined }),
    enabled: isAdd,
  });
  useLeaveGuard(dirty && !saving);

  useEffect(() => {
    if (handleType === 'edit' && sku.data) {
      const s = sku.data;
      form.setFieldsValue({
        specValues: s.specValues,
        barcode: s.barcode,
        basePriceYuan: centsToYuanValue(s.basePrice),
        storageStyle: s.storageStyle,
      });
    }
  }, [sku.data, form, handleType]);

  const back = <Link to={LIST}>返回SKU列表</Link>;
  if (!['add', 'edit', 'view'].includes(handleType ?? '')) return <Result status="404" title="页面类型不正确" extra={back} />;
  if (!isAdd && !(skuId > 0)) return <Result status="warning" title="缺少SKU" extra={back} />;
  if (!isAdd && sku.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!isAdd && !sku.data) return <Result status="warning" title="SKU不存在" extra={back} />;
  if (handleType === 'view') return <SkuView sku={sku.data!} />;

  const submit = async (v: Values) => {
    setSaving(true);
    const specValues = (v.specValues ?? []).filter((s) => s?.name && s?.value);
    try {
      if (isAdd) {
        const res = await call(skuOps.create, {
          goodsId: v.goodsId!,
          specValues,
          barcode: v.barcode,
          basePrice: yuanToCents(v.basePriceYuan) ?? 0,
          storageStyle: v.storageStyle,
        });
        message.success(`SKU已创建，编码 ${res.skuCode}`);
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
        navigate(`/website/goods/add-sku/view/${res.skuId}`);
      } else {
        await call(skuOps.update, {
          skuId,
          version: sku.data!.version,
          specValues,
          barcode: v.barcode,
          basePrice: yuanToCents(v.basePriceYuan) ?? 0,
          storageStyle: v.storageStyle ?? sku.data!.storageStyle,
        });
        message.success('SKU已保存');
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
        navigate(`/website/goods/add-sku/view/${skuId}`);
      }
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  const preset = Number(search.get('goodsId')) || undefined;
  const title = isAdd ? '新增SKU' : '编辑SKU';
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ goodsId: preset, specValues: [] }}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setDirty(true)}
      aria-label={title}
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={<span data-testid="sku-title">{title}</span>}>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              {isAdd ? (
                <Form.Item label="所属商品" name="goodsId" required rules={[{ required: true, message: '请选择商品' }]}>
                  <Select
                    showSearch
                    filterOption={false}
                    onSearch={(v) => setKeyword(v.trim())}
                    placeholder="输入商品名称或编码搜索"
                    loading={goodsOptions.isFetching}
                    options={(goodsOptions.data ?? []).map((g) => ({
                      value: g.goodsId,
                      label: `${g.name}（${g.goodsCode}）${g.status === 2 ? ' · 停售' : ''}`,
                    }))}
                  />
                </Form.Item>
              ) : (
                <Form.Item label="所属商品">
                  <Input value={`${sku.data!.goodsName}（${sku.data!.goodsCode}）`} disabled />
                </Form.Item>
              )}
            </Col>
            <Col xs={24} md={12}>
              <SkuBarcodeItem rule={skuFields.barcode} />
            </Col>
            <Col xs={24} md={12}>
              <YuanItem label="销售价（元）" name="basePriceYuan" cents={skuFields.basePrice} />
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="储存方式" name="storageStyle" extra={isAdd ? '不选则沿用商品的储存方式' : undefined}>
                <Select options={styleOptions} allowClear={isAdd} placeholder="同商品" />
              </Form.Item>
            </Col>
          </Row>
          <SpecValuesList />
        </Card>
        <FormFooter saving={saving} />
      </Space>
    </Form>
  );
}
