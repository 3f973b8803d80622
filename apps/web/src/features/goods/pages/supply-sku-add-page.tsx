import { supplyGoodsOps } from '@merchant/contracts/goods/supply-goods';
import { supplySkuOps, supplySkuValueFields, type SupplySkuRow } from '@merchant/contracts/goods/supply-sku';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan, centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { SkuBarcodeItem, SpecValuesList, YuanItem } from '../components/sku-form-fields.tsx';
import { SUPPLY_KEY, SUPPLY_SKU_LIST, supplyGoodsEditPath, supplySkuPath, SupplyStatusTag } from '../components/supply/supply-shared.tsx';
import { enableBlocker } from './supply-sku-list-page.tsx';
import { FormFooter } from '../components/goods-form-parts.tsx';

interface Values {
  spuId?: number;
  specValues: { name: string; value: string }[];
  barcode: string;
  purchasePriceYuan: number | null;
  moq: number | null;
  leadTimeDays: number | null;
}

/** 查看Sku: read-only details, the actions the state allows, and the history. */
function SupplySkuView({ sku }: { sku: SupplySkuRow }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const setStatus = (status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '启用' : '停用'}“${sku.name}”？`,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(supplySkuOps.setStatus, { skuId: sku.skuId, version: sku.version, status });
        message.success(status === 1 ? '已启用' : '已停用');
        await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
      },
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={<span data-testid="supply-sku-title">查看Sku</span>}
        extra={
          <Space>
            <Button onClick={() => navigate(supplySkuPath('edit', sku.skuId))}>编辑</Button>
            {sku.status === 1 ? (
              <Button danger onClick={() => setStatus(2)}>
                停用
              </Button>
            ) : enableBlocker(sku) === null ? (
              <Button onClick={() => setStatus(1)}>启用</Button>
            ) : null}
          </Space>
        }
      >
        <Descriptions
          data-testid="supply-sku-detail"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'skuCode', label: 'SKU编码', children: sku.skuCode },
            { key: 'name', label: 'SKU名称', children: sku.name },
            { key: 'status', label: '状态', children: <SupplyStatusTag status={sku.status} /> },
            {
              key: 'spu',
              label: '所属商品',
              children: (
                <Link to={supplyGoodsEditPath(sku.spuId)}>
                  {sku.spuName}（{sku.spuCode}）
                </Link>
              ),
            },
            { key: 'supplier', label: '供应商', children: sku.supplierName },
            { key: 'specText', label: '规格', children: sku.specText || '--' },
            { key: 'barcode', label: 'SKU条码', children: sku.barcode },
            { key: 'purchasePrice', label: '采购价（元）', children: centsToYuan(sku.purchasePrice) },
            { key: 'moq', label: '起订量', children: sku.moq },
            { key: 'leadTimeDays', label: '供货周期', children: `${sku.leadTimeDays}天` },
            { key: 'categoryPath', label: '商品分类', children: sku.categoryPath || '--' },
            { key: 'createdAt', label: '创建时间', children: formatDateTime(sku.createdAt) },
            { key: 'updatedAt', label: '更新时间', children: formatDateTime(sku.updatedAt) },
          ]}
        />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={supplySkuOps.history} input={{ skuId: sku.skuId }} queryKey={[...SUPPLY_KEY, 'sku', sku.skuId]} />
      </Card>
    </Space>
  );
}

const intSchema = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }) => ({
  safeParse: (v: unknown) => schema.safeParse(v === '' || v === null ? undefined : v),
});

/**
 * supply-sku-add/:handleType?/:skuId?/:spuId?  add (default; the SPU picked, or given as :spuId): a new SKU;
 * edit: that SKU; view: read-only details and history. Titles 创建Sku / 编辑Sku / 查看Sku.
 */
export default function SupplySkuAddPage() {
  const { handleType = 'add', skuId: rawSku, spuId: rawSpu } = useParams();
  const skuId = Number(rawSku ?? 0);
  const presetSpu = Number(rawSpu ?? 0) || undefined;
  const isAdd = handleType === 'add';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const sku = useQuery({
    queryKey: [...SUPPLY_KEY, 'sku', skuId],
    queryFn: () => call(supplySkuOps.detail, { skuId }),
    enabled: !isAdd && skuId > 0,
  });
  const spuOptions = useQuery({
    queryKey: [...SUPPLY_KEY, 'spu-options', keyword],
    queryFn: () => call(supplyGoodsOps.options, { keyword: keyword || undefined }),
    enabled: isAdd,
  });
  const preset = useQuery({
    queryKey: [...SUPPLY_KEY, 'spu', presetSpu],
    queryFn: () => call(supplyGoodsOps.detail, { spuId: presetSpu! }),
    enabled: isAdd && !!presetSpu,
  });
  useLeaveGuard(dirty && !saving);

  useEffect(() => {
    if (handleType === 'edit' && sku.data) {
      const s = sku.data;
      form.setFieldsValue({
        specValues: s.specValues,
        barcode: s.barcode,
        purchasePriceYuan: centsToYuanValue(s.purchasePrice),
        moq: s.moq,
        leadTimeDays: s.leadTimeDays,
      });
    }
  }, [sku.data, form, handleType]);

  const back = <Link to={SUPPLY_SKU_LIST}>返回供应链SKU</Link>;
  if (!['add', 'edit', 'view'].includes(handleType)) return <Result status="404" title="页面类型不正确" extra={back} />;
  if (!isAdd && !(skuId > 0)) return <Result status="warning" title="缺少SKU" extra={back} />;
  if (!isAdd && sku.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!isAdd && !sku.data) return <Result status="warning" title="SKU不存在" extra={back} />;
  if (handleType === 'view') return <SupplySkuView sku={sku.data!} />;

  const submit = async (v: Values) => {
    setSaving(true);
    const values = {
      specValues: (v.specValues ?? []).filter((s) => s?.name && s?.value),
      barcode: v.barcode,
      purchasePrice: yuanToCents(v.purchasePriceYuan) ?? 0,
      moq: Number(v.moq),
      leadTimeDays: Number(v.leadTimeDays),
    };
    try {
      if (isAdd) {
        const res = await call(supplySkuOps.create, { ...values, spuId: v.spuId! });
        message.success(`SKU已创建，编码 ${res.skuCode}`);
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
        navigate(supplySkuPath('view', res.skuId), { replace: true });
      } else {
        await call(supplySkuOps.update, { ...values, skuId, version: sku.data!.version });
        message.success('SKU已保存');
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
        navigate(supplySkuPath('view', skuId), { replace: true });
      }
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  const options = [
    ...(preset.data && !(spuOptions.data ?? []).some((o) => o.spuId === preset.data.spuId)
      ? [{ value: preset.data.spuId, label: `${preset.data.name}（${preset.data.spuCode}）· ${preset.data.supplierName}`, disabled: false }]
      : []),
    ...(spuOptions.data ?? []).map((o) => ({
      value: o.spuId,
      label: `${o.name}（${o.spuCode}）· ${o.supplierName}${o.status === 2 ? ' · 停用' : ''}`,
      disabled: o.status === 2,
    })),
  ];
  const title = isAdd ? '创建Sku' : '编辑Sku';
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ spuId: presetSpu, specValues: [], moq: 1, leadTimeDays: 3 }}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setDirty(true)}
      aria-label={title}
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={<span data-testid="supply-sku-title">{title}</span>}>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              {isAdd ? (
                <Form.Item label="所属商品" name="spuId" required rules={[{ required: true, message: '请选择供应链商品' }]}>
                  <Select
                    showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
                    placeholder="输入商品名称或编码搜索"
                    loading={spuOptions.isFetching}
                    options={options}
                  />
                </Form.Item>
              ) : (
                <Form.Item label="所属商品">
                  <Input value={`${sku.data!.spuName}（${sku.data!.spuCode}）· ${sku.data!.supplierName}`} disabled />
                </Form.Item>
              )}
            </Col>
            <Col xs={24} md={12}>
              <SkuBarcodeItem rule={supplySkuValueFields.barcode} />
            </Col>
            <Col xs={24} md={8}>
              <YuanItem label="采购价（元）" name="purchasePriceYuan" cents={supplySkuValueFields.purchasePrice} />
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="起订量" name="moq" required rules={[zodRule(intSchema(supplySkuValueFields.moq))]}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label="供货周期（天）"
                name="leadTimeDays"
                required
                rules={[zodRule(intSchema(supplySkuValueFields.leadTimeDays))]}
              >
                <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <SpecValuesList examples={['如 规格', '如 550ml×24']} />
        </Card>
        <FormFooter saving={saving} />
      </Space>
    </Form>
  );
}
