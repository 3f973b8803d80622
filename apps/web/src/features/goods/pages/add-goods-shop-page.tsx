import { storeGoodsOps, storePriceSchema, type BankSkuOption, type StoreGoodsRow } from '@merchant/contracts/goods/store-goods';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Card, Descriptions, Form, InputNumber, Result, Select, Skeleton, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan, centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { yuanSchema, zodRule } from '../../../shared/ui/zod-rule.ts';
import { goodsShopPath, ShelfTag } from '../components/goods-channel-tags.tsx';
import { FormFooter } from '../components/goods-form-parts.tsx';

const LIST = '/website/goods/goods-shop-list';
const priceRule = zodRule(yuanSchema(storePriceSchema));
const optionalPriceRule = zodRule(yuanSchema(storePriceSchema.optional()));
/** A route parameter, '-' (left empty before a later one) and absent alike undefined. */
const param = (v: string | undefined) => (v === undefined || v === '-' || v === '' ? undefined : v);

function StoreGoodsView({ row }: { row: StoreGoodsRow }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const setStatus = (status: number) =>
    modal.confirm({
      title: `确认在“${row.storeName}”${status === 1 ? '上架' : '下架'}“${row.skuName}”？`,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(storeGoodsOps.setStatus, { storeGoodsId: row.storeGoodsId, version: row.version, status });
        message.success(status === 1 ? '已上架' : '已下架');
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
      },
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={<span data-testid="shop-title">查看门店商品</span>}
        extra={
          <Space>
            <Button onClick={() => navigate(goodsShopPath('edit', row))}>改价</Button>
            {row.shelfStatus === 1 ? (
              <Button danger onClick={() => setStatus(2)}>
                下架
              </Button>
            ) : !row.blockedReason ? (
              <Button onClick={() => setStatus(1)}>上架</Button>
            ) : null}
          </Space>
        }
      >
        {row.blockedReason && <Alert type="warning" showIcon title={row.blockedReason} style={{ marginBottom: 16 }} />}
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'store', label: '门店', children: `${row.storeName}（${row.storeCode}）` },
            { key: 'skuCode', label: 'SKU编码', children: row.skuCode },
            { key: 'skuName', label: 'SKU名称', children: <Link to={`/website/goods/add-sku/view/${row.skuId}`}>{row.skuName}</Link> },
            { key: 'barcode', label: 'SKU条码', children: row.barcode },
            { key: 'bankPrice', label: '商品库门店价（元）', children: centsToYuan(row.bankPrice) },
            { key: 'price', label: '门店价（元）', children: centsToYuan(row.price) },
            { key: 'status', label: '上下架状态', children: <ShelfTag status={row.status} blockedReason={row.blockedReason} /> },
            { key: 'createdAt', label: '铺货时间', children: formatDateTime(row.createdAt) },
            { key: 'updatedAt', label: '更新时间', children: formatDateTime(row.updatedAt) },
          ]}
        />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory
          operation={storeGoodsOps.history}
          input={{ storeId: row.storeId, skuId: row.skuId }}
          queryKey={['goods', 'store-goods', row.storeId, row.skuId]}
        />
      </Card>
    </Space>
  );
}

interface AssignValues {
  storeIds: number[];
  skuIds: number[];
  /** 元 by skuId; empty: the bank's store price. */
  prices: Record<string, number | null>;
}

/** 门店铺货: SKUs of the goods bank to one or more stores (the route may preset a store and a SKU). */
function AssignForm({ presetStore, presetSku }: { presetStore?: number; presetSku?: { skuId: number; name?: string } }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AssignValues>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Map<number, BankSkuOption>>(new Map());
  useLeaveGuard(dirty && !saving);
  const stores = useQuery({ queryKey: ['goods', 'store-options'], queryFn: () => call(storeGoodsOps.storeOptions, {}) });
  const skus = useQuery({
    queryKey: ['goods', 'bank-sku-options', keyword],
    queryFn: () => call(storeGoodsOps.skuOptions, { keyword: keyword || undefined }),
  });
  const current = useMemo(() => new Map((skus.data ?? []).map((o) => [o.skuId, o] as const)), [skus.data]);
  /** The picked SKUs stay known when a new search replaces the options. */
  const remember = (ids: number[]) =>
    setPicked(
      (prev) =>
        new Map(ids.flatMap((id) => ((current.get(id) ?? prev.get(id)) ? [[id, (current.get(id) ?? prev.get(id))!] as const] : []))),
    );
  const known = new Map([...picked, ...current]);
  const watched = Form.useWatch('skuIds', form);
  const rows = useMemo(
    () =>
      (watched ?? []).map(
        (id) =>
          picked.get(id) ??
          current.get(id) ?? { skuId: id, skuCode: '', name: presetSku?.name ?? `SKU ${id}`, goodsCode: '', bankPrice: 0, skuStatus: 1 },
      ),
    [watched, picked, current, presetSku],
  );

  const submit = async (v: AssignValues) => {
    setSaving(true);
    try {
      const res = await call(storeGoodsOps.assign, {
        storeIds: v.storeIds,
        items: v.skuIds.map((skuId) => ({ skuId, price: yuanToCents(v.prices?.[String(skuId)]) })),
      });
      message.success(`已铺货 ${res.created} 条`);
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: ['goods'] });
      navigate(LIST);
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<AssignValues>
      form={form}
      layout="vertical"
      initialValues={{ storeIds: presetStore ? [presetStore] : [], skuIds: presetSku ? [presetSku.skuId] : [], prices: {} }}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setDirty(true)}
      aria-label="门店铺货"
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={<span data-testid="shop-title">门店铺货</span>}>
          <Form.Item
            label="门店"
            name="storeIds"
            required
            rules={[{ required: true, type: 'array', min: 1, message: '请选择门店' }]}
            style={{ maxWidth: 720 }}
          >
            <Select
              mode="multiple"
              placeholder="选择一家或多家门店"
              loading={stores.isLoading}
              optionFilterProp="label"
              options={(stores.data ?? []).map((s) => ({ value: s.storeId, label: `${s.name}（${s.storeCode}）· ${s.statusName}` }))}
            />
          </Form.Item>
          <Form.Item
            label="商品库SKU"
            name="skuIds"
            required
            rules={[{ required: true, type: 'array', min: 1, message: '请选择SKU' }]}
            extra="仅列出商品库中可售商品的SKU"
            style={{ maxWidth: 720 }}
          >
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={(v) => setKeyword(v.trim())}
              onChange={(ids: number[]) => remember(ids)}
              placeholder="输入SKU名称、编码或条码搜索"
              loading={skus.isFetching}
              options={[...known.values()].map((s) => ({
                value: s.skuId,
                label: `${s.name}（${s.skuCode}）${s.skuStatus === 2 ? ' · SKU已下架' : ''}`,
              }))}
            />
          </Form.Item>
        </Card>
        <Card
          variant="borderless"
          title="门店价"
          extra={<span style={{ color: '#888' }}>不填则使用商品库门店价；所选门店使用同一价格</span>}
        >
          <Table
            rowKey="skuId"
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: '请先选择SKU' }}
            columns={[
              { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 120 },
              { key: 'name', title: 'SKU名称', dataIndex: 'name' },
              {
                key: 'bankPrice',
                title: '商品库门店价（元）',
                dataIndex: 'bankPrice',
                width: 160,
                align: 'right',
                render: (v: number) => (v ? centsToYuan(v) : '--'),
              },
              {
                key: 'price',
                title: '门店价（元）',
                width: 180,
                align: 'right',
                render: (_v: unknown, s: BankSkuOption) => (
                  <Form.Item name={['prices', String(s.skuId)]} rules={[optionalPriceRule]} style={{ margin: 0 }}>
                    <InputNumber
                      min={0}
                      precision={2}
                      style={{ width: 140 }}
                      placeholder={s.bankPrice ? centsToYuan(s.bankPrice) : ''}
                      aria-label={`${s.name}门店价`}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Card>
        <FormFooter saving={saving} okText="确认铺货" />
      </Space>
    </Form>
  );
}

function PriceForm({ row }: { row: StoreGoodsRow }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ priceYuan: number | null }>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useLeaveGuard(dirty && !saving);
  const submit = async (v: { priceYuan: number | null }) => {
    setSaving(true);
    try {
      await call(storeGoodsOps.update, { storeGoodsId: row.storeGoodsId, version: row.version, price: yuanToCents(v.priceYuan) ?? 0 });
      message.success('门店价已保存');
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: ['goods'] });
      navigate(goodsShopPath('view', row));
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ priceYuan: centsToYuanValue(row.price) }}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setDirty(true)}
      aria-label="修改门店价"
    >
      <Card variant="borderless" title={<span data-testid="shop-title">修改门店价</span>}>
        <Descriptions
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'store', label: '门店', children: `${row.storeName}（${row.storeCode}）` },
            { key: 'sku', label: 'SKU', children: `${row.skuName}（${row.skuCode}）` },
            { key: 'bankPrice', label: '商品库门店价（元）', children: centsToYuan(row.bankPrice) },
          ]}
        />
        <Form.Item label="门店价（元）" name="priceYuan" required rules={[priceRule]} style={{ maxWidth: 240 }}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <FormFooter saving={saving} />
      </Card>
    </Form>
  );
}

/**
 * add-goods-shop/:handleType?/:skuId?/:merchantCode?/:merchantName?/:storeId?/:storeName?/:skuName? (spec §2's
 * optional parameters). add (default): assign bank SKUs to stores (storeId and skuId preset the pickers);
 * edit: the store price of the row (storeId, skuId); view: its details and history.
 */
export default function AddGoodsShopPage() {
  const p = useParams();
  const handleType = param(p.handleType) ?? 'add';
  const skuId = Number(param(p.skuId));
  const storeId = Number(param(p.storeId));
  const merchantName = param(p.merchantName);
  const isAdd = handleType === 'add';
  const row = useQuery({
    queryKey: ['goods', 'store-goods', storeId, skuId],
    queryFn: () => call(storeGoodsOps.detail, { storeId, skuId }),
    enabled: !isAdd && storeId > 0 && skuId > 0,
  });
  const back = <Link to={LIST}>返回门店商品</Link>;
  if (!['add', 'edit', 'view'].includes(handleType)) return <Result status="404" title="页面类型不正确" extra={back} />;
  const context = (param(p.storeName) || merchantName) && (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={[
        merchantName && `商户：${merchantName}`,
        param(p.storeName) && `门店：${param(p.storeName)}`,
        param(p.skuName) && `SKU：${param(p.skuName)}`,
      ]
        .filter(Boolean)
        .join('　')}
    />
  );
  if (isAdd)
    return (
      <>
        {context}
        <AssignForm presetStore={storeId > 0 ? storeId : undefined} presetSku={skuId > 0 ? { skuId, name: param(p.skuName) } : undefined} />
      </>
    );
  if (!(storeId > 0 && skuId > 0)) return <Result status="warning" title="缺少门店或SKU" extra={back} />;
  if (row.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (!row.data) return <Result status="warning" title="该门店没有此SKU" extra={back} />;
  return handleType === 'view' ? <StoreGoodsView row={row.data} /> : <PriceForm row={row.data} />;
}
