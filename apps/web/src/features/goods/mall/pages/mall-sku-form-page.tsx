import { mallGoodsOps } from '@merchant/contracts/mall/mall-goods';
import { mallSkuFields, mallSkuOps } from '@merchant/contracts/mall/mall-sku';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, Result, Row, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../../platform/call.ts';
import { RecordHistory } from '../../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../../platform/use-leave-guard.ts';
import { zodRule } from '../../../../shared/ui/zod-rule.ts';
import { MALL, MALL_SKU_LIST, MallStatusTag, TierList } from '../components/mall-parts.tsx';
import { DEFAULT_TIERS, PriceTiersField, tiersToCents, tiersToYuan, type TierInput } from '../components/price-tiers-field.tsx';

interface Values {
  specName: string;
  specValue: string;
  barcode: string;
  priceTiers: TierInput[];
}
const backToList = <Link to={MALL_SKU_LIST}>返回SKU管理</Link>;

/**
 * mall-add-sku/:handleType/:spuId/:goodsId? (add a SKU under the mall SPU spuId) and
 * wholesale-add-sku/:handleType/:spuId?/:goodsId?/:skuId? (view / edit a SKU's breaks): one form.
 */
export default function MallSkuFormPage() {
  const { handleType = 'view', spuId, skuId: skuParam, goodsId } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty && !saving);
  // on mall-add-sku the optional third parameter names a SKU to view
  const skuId = Number(skuParam ?? (handleType !== 'add' ? goodsId : undefined) ?? 0);
  const isAdd = handleType === 'add';
  const readOnly = handleType === 'view';
  const skuKey = ['mall', 'sku', skuId] as const;
  const sku = useQuery({ queryKey: skuKey, queryFn: () => call(mallSkuOps.detail, { mallSkuId: skuId }), enabled: !isAdd && skuId > 0 });
  const mallGoodsId = isAdd ? Number(spuId) : (sku.data?.mallGoodsId ?? 0);
  const spu = useQuery({
    queryKey: ['mall', 'goods', mallGoodsId],
    queryFn: () => call(mallGoodsOps.detail, { mallGoodsId }),
    enabled: mallGoodsId > 0,
  });
  const s = sku.data;

  useEffect(() => {
    if (s)
      form.setFieldsValue({
        specName: s.specValues[0]?.name ?? '规格',
        specValue: s.specValues[0]?.value ?? '',
        barcode: s.barcode,
        priceTiers: tiersToYuan(s.priceTiers),
      });
  }, [s, form]);

  if (!['add', 'edit', 'view'].includes(handleType)) return <Result status="404" title="页面类型不正确" extra={backToList} />;
  if (isAdd ? !(Number(spuId) > 0) : !(skuId > 0)) return <Result status="warning" title="缺少商城商品或SKU" extra={backToList} />;
  if (sku.isLoading || spu.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if ((!isAdd && !s) || !spu.data) return <Result status="warning" title="商城SKU或商品不存在" extra={backToList} />;
  const g = spu.data;

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const specValues = v.specValue?.trim() ? [{ name: (v.specName || '规格').trim(), value: v.specValue.trim() }] : [];
      const values = { specValues, barcode: v.barcode, priceTiers: tiersToCents(v.priceTiers) };
      if (isAdd) {
        const r = await call(mallSkuOps.create, { mallGoodsId: g.mallGoodsId, ...values });
        message.success(`已新增SKU ${r.skuCode}（下架，请在销售管理上架）`);
      } else {
        await call(mallSkuOps.update, { mallSkuId: s!.mallSkuId, version: s!.version, ...values });
        message.success('已保存');
      }
      setDirty(false);
      allowLeave();
      await queryClient.invalidateQueries({ queryKey: ['mall'] });
      navigate(`${MALL}/edit/${g.mallGoodsId}`);
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" title={isAdd ? `新增SKU：${g.title}` : s!.name} extra={!isAdd && <MallStatusTag status={s!.status} />}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small" bordered>
          <Descriptions.Item label="商城商品">
            <Link to={`${MALL}/edit/${g.mallGoodsId}`}>
              {g.title}（{g.mallCode}）
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label="销售单位">
            {g.saleUnit}（每{g.saleUnit}
            {g.piecesPerUnit}
            {g.unit}）
          </Descriptions.Item>
          {!isAdd && <Descriptions.Item label="SKU编码">{s!.skuCode}</Descriptions.Item>}
          {readOnly && (
            <Descriptions.Item label="批发阶梯价" span="filled">
              <TierList tiers={s!.priceTiers} unit={s!.saleUnit} />
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{ specName: '规格', specValue: '', barcode: '', priceTiers: DEFAULT_TIERS }}
        onValuesChange={() => setDirty(true)}
        aria-label="商城SKU"
      >
        <Card variant="borderless" title="SKU与批发价">
          <Row gutter={24}>
            <Col xs={12} md={6}>
              <Form.Item label="规格名" name="specName">
                <Input maxLength={10} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="规格值" name="specValue" extra="如 整箱装，可不填">
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="SKU条码"
                name="barcode"
                required
                rules={[zodRule(mallSkuFields.barcode)]}
                extra="EAN-13、EAN-8 或 UPC-A，校验位自动核对"
              >
                <Input maxLength={13} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="批发阶梯价" required>
                <PriceTiersField unit={g.saleUnit} disabled={readOnly} />
              </Form.Item>
            </Col>
          </Row>
          {!readOnly && (
            <Space>
              <Button type="primary" loading={saving} onClick={() => void save()}>
                保存
              </Button>
              <Button onClick={() => navigate(-1)}>取消</Button>
            </Space>
          )}
        </Card>
      </Form>
      {readOnly && (
        <Space>
          <Button
            disabled={false}
            onClick={() => navigate(`${MALL}/wholesale-add-sku/edit/${g.mallGoodsId}/${g.mallGoodsId}/${s!.mallSkuId}`)}
          >
            编辑
          </Button>
        </Space>
      )}
      {!isAdd && (
        <Card variant="borderless" title="操作记录">
          <RecordHistory operation={mallSkuOps.history} input={{ mallSkuId: s!.mallSkuId }} queryKey={skuKey} />
        </Card>
      )}
    </Space>
  );
}
