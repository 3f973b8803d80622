import { mallGoodsOps, mallGoodsUpdateInput } from '@merchant/contracts/mall/mall-goods';
import { mallSkuOps, type MallSkuRow } from '@merchant/contracts/mall/mall-sku';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Result, Row, Skeleton, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../../platform/call.ts';
import { RecordHistory } from '../../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { zodRule } from '../../../../shared/ui/zod-rule.ts';
import { priceRangeText } from '../../components/goods-tags.tsx';
import { MALL, MALL_GOODS_LIST, MallStatusTag, TierList } from '../components/mall-parts.tsx';
import { wholesalePath } from './mall-sku-list-page.tsx';

interface Values {
  title: string;
  saleUnit: string;
  piecesPerUnit: number | null;
}
const f = mallGoodsUpdateInput.shape;

/** edit/:spuId — a mall SPU: how the mall sells it (name, sale unit, pieces per unit), its SKUs, its history. */
export default function MallGoodsEditPage() {
  const { spuId } = useParams();
  const id = Number(spuId);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty && !saving);
  const key = ['mall', 'goods', id] as const;
  const detail = useQuery({ queryKey: key, queryFn: () => call(mallGoodsOps.detail, { mallGoodsId: id }), enabled: id > 0 });
  const skus = useQuery({
    queryKey: ['mall', 'goods-skus', id],
    queryFn: () => call(mallSkuOps.list, { mallGoodsId: id, pageSize: 50 }),
    enabled: id > 0,
  });
  const g = detail.data;

  useEffect(() => {
    if (g) form.setFieldsValue({ title: g.title, saleUnit: g.saleUnit, piecesPerUnit: g.piecesPerUnit });
  }, [g, form]);

  if (!(id > 0)) return <Result status="404" title="商城商品不存在" extra={<Link to={MALL_GOODS_LIST}>返回列表</Link>} />;
  if (detail.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (!g) return <Result status="warning" title="商城商品不存在" extra={<Link to={MALL_GOODS_LIST}>返回列表</Link>} />;

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await call(mallGoodsOps.update, {
        mallGoodsId: g.mallGoodsId,
        version: g.version,
        title: v.title,
        saleUnit: v.saleUnit,
        piecesPerUnit: Number(v.piecesPerUnit),
      });
      message.success('已保存');
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: ['mall'] });
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };
  const changeStatus = (status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '上架' : '下架'}“${g.title}”？`,
      content: status === 2 ? '下架后，该商品上架中的SKU将一并下架。' : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(mallGoodsOps.setStatus, { mallGoodsId: g.mallGoodsId, version: g.version, status });
        message.success(status === 1 ? '已上架' : '已下架');
        await queryClient.invalidateQueries({ queryKey: ['mall'] });
      },
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span>{g.title}</span>
            <MallStatusTag status={g.status} />
          </Space>
        }
        extra={
          <Space>
            {g.status === 1 ? (
              <Button danger onClick={() => changeStatus(2)}>
                下架
              </Button>
            ) : (
              <Button onClick={() => changeStatus(1)}>上架</Button>
            )}
            <Button onClick={() => navigate(`${MALL}/mall-add-sku/add/${g.mallGoodsId}`)}>新增SKU</Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label="商城商品编码">{g.mallCode}</Descriptions.Item>
          <Descriptions.Item label="标准商品编码">{g.goodsNo}</Descriptions.Item>
          <Descriptions.Item label="商品条码">{g.barcode}</Descriptions.Item>
          <Descriptions.Item label="品牌">{g.brand}</Descriptions.Item>
          <Descriptions.Item label="商品分类">{g.categoryPath}</Descriptions.Item>
          <Descriptions.Item label="规格">{g.spec}</Descriptions.Item>
          <Descriptions.Item label="起批量">{g.moq === null ? '--' : `${g.moq}${g.saleUnit}`}</Descriptions.Item>
          <Descriptions.Item label="批发价（元）">{priceRangeText(g.minPrice, g.maxPrice)}</Descriptions.Item>
          <Descriptions.Item label="来源申请">{g.approvalCode || '--'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(g.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Form<Values> form={form} layout="vertical" onValuesChange={() => setDirty(true)} aria-label="编辑商城商品">
        <Card variant="borderless" title="批发销售">
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item label="商城商品名称" name="title" required rules={[zodRule(f.title)]}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="销售单位" name="saleUnit" required rules={[zodRule(f.saleUnit)]} extra="如 箱、提、件">
                <Input maxLength={4} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={`每单位件数（${g.unit}）`} name="piecesPerUnit" required rules={[zodRule(f.piecesPerUnit)]}>
                <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" loading={saving} disabled={!dirty} onClick={() => void save()}>
              保存
            </Button>
            <Button
              onClick={() => {
                allowLeave();
                navigate(MALL_GOODS_LIST);
              }}
            >
              返回
            </Button>
          </Space>
        </Card>
      </Form>
      <Card variant="borderless" title="商城SKU">
        <Table<MallSkuRow>
          rowKey="mallSkuId"
          size="small"
          loading={skus.isLoading}
          pagination={false}
          dataSource={skus.data?.list ?? []}
          columns={[
            { title: 'SKU编码', dataIndex: 'skuCode', render: (v: string, r) => <Link to={wholesalePath(r, 'view')}>{v}</Link> },
            { title: '规格', dataIndex: 'specText' },
            { title: 'SKU条码', dataIndex: 'barcode' },
            { title: '批发阶梯价', key: 'tiers', render: (_v, r) => <TierList tiers={r.priceTiers} unit={r.saleUnit} /> },
            { title: '销售状态', dataIndex: 'status', render: (v: number) => <MallStatusTag status={v} /> },
            { title: '操作', key: 'a', render: (_v, r) => <Link to={wholesalePath(r, 'edit')}>编辑批发价</Link> },
          ]}
        />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={mallGoodsOps.history} input={{ mallGoodsId: g.mallGoodsId }} queryKey={key} />
      </Card>
    </Space>
  );
}
