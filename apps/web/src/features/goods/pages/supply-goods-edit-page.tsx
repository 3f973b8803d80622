import { supplyGoodsFields, supplyGoodsOps, type SupplyGoodsRow } from '@merchant/contracts/goods/supply-goods';
import { supplySkuOps, type SupplySkuRow } from '@merchant/contracts/goods/supply-sku';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, Result, Row, Select, Skeleton, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import {
  classOptions,
  SUPPLY_GOODS_LIST,
  SUPPLY_KEY,
  supplyGoodsEditPath,
  supplySkuPath,
  SupplyStatusTag,
  useSupplierOptions,
  useSupplyClasses,
} from '../components/supply/supply-shared.tsx';
import { FormFooter, LeafCategorySelect } from '../components/goods-form-parts.tsx';

interface Values {
  supplierId?: number;
  name: string;
  brand: string;
  categoryId?: number;
  unit: string;
  standardBarcode?: string;
  remark?: string;
}

/** The SKUs of the SPU (edit mode), with a link to each and 创建SKU. */
function SpuSkus({ spu }: { spu: SupplyGoodsRow }) {
  const navigate = useNavigate();
  const skus = useQuery({
    queryKey: [...SUPPLY_KEY, 'spu-skus', spu.spuId],
    queryFn: () => call(supplySkuOps.list, { spuId: spu.spuId, pageSize: 200, sortOrder: 'ascend' }),
  });
  return (
    <Card
      variant="borderless"
      title="SKU"
      extra={
        <Button icon={<PlusOutlined />} disabled={spu.status !== 1} onClick={() => navigate(supplySkuPath('add', undefined, spu.spuId))}>
          创建SKU
        </Button>
      }
    >
      <Table<SupplySkuRow>
        size="small"
        rowKey="skuId"
        loading={skus.isFetching}
        dataSource={skus.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: '暂无SKU' }}
        columns={[
          {
            key: 'skuCode',
            title: 'SKU编码',
            dataIndex: 'skuCode',
            render: (v: string, r) => <Link to={supplySkuPath('view', r.skuId)}>{v}</Link>,
          },
          { key: 'specText', title: '规格', dataIndex: 'specText', render: (v: string) => v || '--' },
          { key: 'barcode', title: 'SKU条码', dataIndex: 'barcode' },
          {
            key: 'purchasePrice',
            title: '采购价（元）',
            dataIndex: 'purchasePrice',
            align: 'right',
            render: (v: number) => centsToYuan(v),
          },
          { key: 'moq', title: '起订量', dataIndex: 'moq', align: 'right' },
          { key: 'leadTimeDays', title: '供货周期（天）', dataIndex: 'leadTimeDays', align: 'right' },
          { key: 'status', title: '状态', dataIndex: 'status', render: (v: number) => <SupplyStatusTag status={v} /> },
        ]}
      />
    </Card>
  );
}

/** supply-goods-edit/:spuId?  no id: a new supply SPU; an id: edit it, with its SKUs and history. */
export default function SupplyGoodsEditPage() {
  const { spuId: rawId } = useParams();
  const spuId = Number(rawId ?? 0);
  const isNew = !rawId;
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const classes = useSupplyClasses();
  const suppliers = useSupplierOptions();
  const spu = useQuery({
    queryKey: [...SUPPLY_KEY, 'spu', spuId],
    queryFn: () => call(supplyGoodsOps.detail, { spuId }),
    enabled: !isNew && spuId > 0,
  });
  useLeaveGuard(dirty && !saving);

  useEffect(() => {
    if (spu.data) {
      const s = spu.data;
      form.setFieldsValue({
        name: s.name,
        brand: s.brand,
        categoryId: s.categoryId,
        unit: s.unit,
        standardBarcode: s.standardBarcode,
        remark: s.remark,
      });
    }
  }, [spu.data, form]);

  const back = <Link to={SUPPLY_GOODS_LIST}>返回供应链商品</Link>;
  if (!isNew && !(spuId > 0)) return <Result status="warning" title="商品编号不正确" extra={back} />;
  if (!isNew && spu.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!isNew && !spu.data) return <Result status="warning" title="供应链商品不存在" extra={back} />;
  const current = spu.data;

  const submit = async (v: Values) => {
    setSaving(true);
    const common = {
      name: v.name,
      brand: v.brand,
      categoryId: v.categoryId!,
      unit: v.unit,
      standardBarcode: v.standardBarcode?.trim() ?? '',
      remark: v.remark ?? '',
    };
    try {
      if (isNew) {
        const res = await call(supplyGoodsOps.create, { ...common, supplierId: v.supplierId! });
        message.success(`商品已新增，编码 ${res.spuCode}`);
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
        navigate(supplyGoodsEditPath(res.spuId), { replace: true });
      } else {
        await call(supplyGoodsOps.update, { ...common, spuId, version: current!.version });
        message.success('商品已保存');
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
      }
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };
  const setStatus = (status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '启用' : '停用'}“${current!.name}”？`,
      content: status === 2 ? '停用后其启用中的SKU一并停用。' : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(supplyGoodsOps.setStatus, { spuId, version: current!.version, status });
        message.success(status === 1 ? '已启用' : '已停用');
        await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
      },
    });

  const title = isNew ? '新增供应链商品' : '编辑供应链商品';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ standardBarcode: '', remark: '' }}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => setDirty(true)}
        aria-label={title}
        scrollToFirstError
      >
        <Card
          variant="borderless"
          title={<span data-testid="supply-goods-title">{title}</span>}
          extra={
            current ? (
              <Space>
                <SupplyStatusTag status={current.status} />
                {current.status === 1 ? (
                  <Button danger onClick={() => setStatus(2)}>
                    停用
                  </Button>
                ) : current.supplierStatus === 1 ? (
                  <Button onClick={() => setStatus(1)}>启用</Button>
                ) : null}
              </Space>
            ) : null
          }
        >
          {current && (
            <Descriptions
              size="small"
              style={{ marginBottom: 16 }}
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'code', label: '商品编码', children: current.spuCode },
                { key: 'supplier', label: '供应商', children: `${current.supplierName}（${current.supplierCode}）` },
                {
                  key: 'standard',
                  label: '关联标准商品',
                  children: current.standardName ? `${current.standardName}（${current.standardBarcode}）` : '--',
                },
                { key: 'createdAt', label: '创建时间', children: formatDateTime(current.createdAt) },
                { key: 'updatedAt', label: '更新时间', children: formatDateTime(current.updatedAt) },
              ]}
            />
          )}
          <Row gutter={24}>
            {isNew && (
              <Col xs={24} md={12}>
                <Form.Item label="供应商" name="supplierId" required rules={[zodRule(supplyGoodsFields.supplierId)]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="选择供应商"
                    options={suppliers.options.map((o) => ({ ...o, disabled: o.label.endsWith('（停用）') }))}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item label="商品名称" name="name" required rules={[zodRule(supplyGoodsFields.name)]}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="品牌" name="brand" required rules={[zodRule(supplyGoodsFields.brand)]}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="商品分类"
                name="categoryId"
                required
                rules={[zodRule(supplyGoodsFields.categoryId)]}
                extra="只能选择第三级分类"
              >
                <LeafCategorySelect
                  placeholder="选择分类"
                  treeData={classOptions(classes.data, { leavesOnly: true })}
                  loading={classes.isLoading}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="单位" name="unit" required rules={[zodRule(supplyGoodsFields.unit)]}>
                <Input maxLength={10} placeholder="如 瓶、箱" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="关联标准商品条码"
                name="standardBarcode"
                rules={[zodRule(supplyGoodsFields.standardBarcode)]}
                extra="选填：填写标准商品库中商品的条码即关联"
              >
                <Input maxLength={13} placeholder="EAN-13 / EAN-8 / UPC-A" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="备注" name="remark" rules={[zodRule(supplyGoodsFields.remark)]}>
                <Input.TextArea maxLength={200} rows={2} />
              </Form.Item>
            </Col>
          </Row>
          <FormFooter saving={saving} cancelText="返回" onCancel={() => navigate(SUPPLY_GOODS_LIST)} />
        </Card>
      </Form>
      {current && <SpuSkus spu={current} />}
      {current && (
        <Card variant="borderless" title="操作记录">
          <RecordHistory operation={supplyGoodsOps.history} input={{ spuId }} queryKey={[...SUPPLY_KEY, 'spu', spuId]} />
        </Card>
      )}
    </Space>
  );
}
