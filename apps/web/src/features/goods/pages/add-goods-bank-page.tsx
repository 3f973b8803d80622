import { bankPriceSchema, goodsBankOps, type GoodsBankDetail, type GoodsBankSku } from '@merchant/contracts/goods/goods-bank';
import { optionalText } from '@merchant/contracts/core/fields';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, InputNumber, Radio, Result, Select, Skeleton, Space, Table } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan, centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { yuanSchema, zodRule } from '../../../shared/ui/zod-rule.ts';
import { BankStatusTag, goodsShopPath } from '../components/goods-channel-tags.tsx';
import { GoodsStatusTag, SkuStatusTag, priceRangeText } from '../components/goods-tags.tsx';
import { FormFooter } from '../components/goods-form-parts.tsx';

const LIST = '/website/goods/goods-bank-list';
const BASE = '/website/goods/add-goods-bank';
const priceRule = zodRule(yuanSchema(bankPriceSchema.shape.storePrice));
const remarkRule = zodRule(optionalText('备注', 200));

interface Values {
  goodsId?: number;
  status: number;
  remark: string;
  /** 元 by skuId. */
  prices: Record<string, number | null>;
}

function skuColumns(priceCell?: (s: GoodsBankSku) => ReactNode) {
  return [
    { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 120 },
    { key: 'name', title: 'SKU名称', dataIndex: 'name' },
    { key: 'barcode', title: 'SKU条码', dataIndex: 'barcode', width: 140 },
    {
      key: 'skuStatus',
      title: 'SKU状态',
      dataIndex: 'skuStatus',
      width: 90,
      render: (v: number) => <SkuStatusTag status={v} />,
    },
    {
      key: 'basePrice',
      title: '销售价（元）',
      dataIndex: 'basePrice',
      width: 120,
      align: 'right' as const,
      render: (v: number) => centsToYuan(v),
    },
    {
      key: 'storePrice',
      title: '门店价（元）',
      dataIndex: 'storePrice',
      width: priceCell ? 180 : 120,
      align: 'right' as const,
      render: (v: number, s: GoodsBankSku) => (priceCell ? priceCell(s) : centsToYuan(v)),
    },
  ];
}

function BankView({ bank }: { bank: GoodsBankDetail }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const setStatus = (status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '可售' : '停售'}“${bank.goodsName}”？`,
      content: status === 2 ? '停售后该商品在所有门店下架。' : '恢复可售后，门店需各自重新上架。',
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(goodsBankOps.setStatus, { goodsId: bank.goodsId, version: bank.version, status });
        message.success(status === 1 ? '已设为可售' : '已停售');
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
      },
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={<span data-testid="bank-title">查看商品库商品</span>}
        extra={
          <Space>
            <Button onClick={() => navigate(`${BASE}/edit/${bank.goodsId}`)}>编辑</Button>
            {bank.status === 1 ? (
              <>
                <Button
                  type="primary"
                  onClick={() => navigate(goodsShopPath('add', { skuId: bank.skus[0]?.skuId, skuName: bank.skus[0]?.name }))}
                >
                  门店铺货
                </Button>
                <Button danger onClick={() => setStatus(2)}>
                  停售
                </Button>
              </>
            ) : (
              <Button onClick={() => setStatus(1)}>可售</Button>
            )}
          </Space>
        }
      >
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'goodsCode', label: '商品编码', children: bank.goodsCode },
            {
              key: 'goodsName',
              label: '商品名称',
              children: <Link to={`/website/goods/add-goods/${bank.goodsId}/view`}>{bank.goodsName}</Link>,
            },
            { key: 'status', label: '可售状态', children: <BankStatusTag status={bank.status} /> },
            { key: 'goodsStatus', label: '商品状态', children: <GoodsStatusTag status={bank.goodsStatus} /> },
            { key: 'brand', label: '品牌', children: bank.brand || '--' },
            { key: 'categoryPath', label: '商品分类', children: bank.categoryPath || '--' },
            { key: 'price', label: '门店价（元）', children: priceRangeText(bank.priceMin, bank.priceMax) },
            { key: 'storeCount', label: '门店铺货数', children: bank.storeCount },
            { key: 'remark', label: '备注', children: bank.remark || '--' },
            { key: 'createdAt', label: '加入时间', children: formatDateTime(bank.createdAt) },
            { key: 'updatedAt', label: '更新时间', children: formatDateTime(bank.updatedAt) },
          ]}
        />
      </Card>
      <Card variant="borderless" title="SKU与门店价">
        <Table<GoodsBankSku> rowKey="skuId" size="small" pagination={false} dataSource={bank.skus} columns={skuColumns()} />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory
          operation={goodsBankOps.history}
          input={{ goodsId: bank.goodsId }}
          queryKey={['goods', 'goods-bank', bank.goodsId]}
        />
      </Card>
    </Space>
  );
}

/**
 * add-goods-bank/:handleType?/:goodsId?  add (default): pick a goods not in the bank yet and set its SKUs' store
 * prices; edit: the prices and remark of a banked goods (with its version); view: details, SKUs and history.
 */
export default function AddGoodsBankPage() {
  const { handleType = 'add', goodsId: rawId } = useParams();
  const goodsId = Number(rawId);
  const isAdd = handleType === 'add';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const bank = useQuery({
    queryKey: ['goods', 'goods-bank', goodsId],
    queryFn: () => call(goodsBankOps.detail, { goodsId }),
    enabled: !isAdd && goodsId > 0,
  });
  const candidates = useQuery({
    queryKey: ['goods', 'goods-bank-candidates', keyword],
    queryFn: () => call(goodsBankOps.candidates, { keyword: keyword || undefined }),
    enabled: isAdd,
  });
  const picked = Form.useWatch('goodsId', form);
  useLeaveGuard(dirty && !saving);

  const skus: GoodsBankSku[] = useMemo(() => {
    if (!isAdd) return bank.data?.skus ?? [];
    return candidates.data?.find((c) => c.goodsId === picked)?.skus ?? [];
  }, [isAdd, bank.data, candidates.data, picked]);

  useEffect(() => {
    if (handleType === 'edit' && bank.data) {
      const b = bank.data;
      form.setFieldsValue({
        remark: b.remark,
        prices: Object.fromEntries(b.skus.map((s) => [String(s.skuId), centsToYuanValue(s.storePrice)])),
      });
    }
  }, [bank.data, form, handleType]);
  useEffect(() => {
    // a picked goods starts with its sale prices as store prices
    if (isAdd && skus.length)
      form.setFieldsValue({ prices: Object.fromEntries(skus.map((s) => [String(s.skuId), centsToYuanValue(s.storePrice)])) });
  }, [isAdd, skus, form]);

  const back = <Link to={LIST}>返回商品库</Link>;
  if (!['add', 'edit', 'view'].includes(handleType)) return <Result status="404" title="页面类型不正确" extra={back} />;
  if (!isAdd && !(goodsId > 0)) return <Result status="warning" title="缺少商品" extra={back} />;
  if (!isAdd && bank.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!isAdd && !bank.data) return <Result status="warning" title="商品库中没有该商品" extra={back} />;
  if (handleType === 'view') return <BankView bank={bank.data!} />;

  const submit = async (v: Values) => {
    setSaving(true);
    const prices = skus.map((s) => ({ skuId: s.skuId, storePrice: yuanToCents(v.prices?.[String(s.skuId)]) ?? s.storePrice }));
    try {
      if (isAdd) {
        const res = await call(goodsBankOps.create, { goodsId: v.goodsId!, status: v.status, remark: v.remark, prices });
        message.success('已加入商品库');
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
        navigate(`${BASE}/view/${res.goodsId}`);
      } else {
        await call(goodsBankOps.update, { goodsId, version: bank.data!.version, remark: v.remark, prices });
        message.success('已保存');
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
        navigate(`${BASE}/view/${goodsId}`);
      }
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  const title = isAdd ? '加入商品库' : '编辑商品库商品';
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ status: 1, remark: '', prices: {} }}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setDirty(true)}
      aria-label={title}
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={<span data-testid="bank-title">{title}</span>}>
          {isAdd ? (
            <Form.Item label="商品" name="goodsId" required rules={[{ required: true, message: '请选择商品' }]} style={{ maxWidth: 560 }}>
              <Select
                showSearch
                filterOption={false}
                onSearch={(v) => setKeyword(v.trim())}
                placeholder="输入商品名称或编码搜索（仅列出尚未加入商品库的商品）"
                loading={candidates.isFetching}
                options={(candidates.data ?? []).map((g) => ({
                  value: g.goodsId,
                  label: `${g.name}（${g.goodsCode}）${g.goodsStatus === 2 ? ' · 停售' : ''}`,
                }))}
              />
            </Form.Item>
          ) : (
            <Form.Item label="商品" style={{ maxWidth: 560 }}>
              <Input value={`${bank.data!.goodsName}（${bank.data!.goodsCode}）`} disabled />
            </Form.Item>
          )}
          {isAdd && (
            <Form.Item label="可售状态" name="status">
              <Radio.Group
                options={[
                  { value: 1, label: '可售' },
                  { value: 2, label: '停售' },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item label="备注" name="remark" rules={[remarkRule]} style={{ maxWidth: 560 }}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Card>
        <Card
          variant="borderless"
          title="SKU门店价"
          extra={<span style={{ color: '#888' }}>门店铺货时默认使用此价格，门店可另行改价</span>}
        >
          <Table<GoodsBankSku>
            rowKey="skuId"
            size="small"
            pagination={false}
            dataSource={skus}
            locale={{ emptyText: isAdd ? '请先选择商品' : '该商品没有SKU' }}
            columns={skuColumns((s) => (
              <Form.Item name={['prices', String(s.skuId)]} rules={[priceRule]} style={{ margin: 0 }}>
                <InputNumber min={0} precision={2} style={{ width: 140 }} aria-label={`${s.name}门店价`} />
              </Form.Item>
            ))}
          />
        </Card>
        <FormFooter saving={saving} />
      </Space>
    </Form>
  );
}
