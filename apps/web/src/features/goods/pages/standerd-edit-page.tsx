import { STANDARD_PRODUCT_STATUS, standardProductOps, type StandardProductRow } from '@merchant/contracts/goods/standard-product';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import { ApiError } from '@merchant/contracts';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Form, Result, Row, Skeleton, Space, Tag } from 'antd';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuanValue, formatMoneyWithSign, yuanToCents } from '../../../shared/format/money.ts';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { StandardProductStatusTag } from '../components/standard-product-status-tag.tsx';
import { useCanEditLibrary } from '../components/use-can-edit.ts';
import { GoodsImagesView } from '../components/goods-images-view.tsx';
import { STANDARD_PRODUCT_LIST } from '../routes.ts';
import { FormFooter } from '../components/goods-form-parts.tsx';
import { ProductFieldItems } from '../components/product-field-items.tsx';

interface Values {
  name: string;
  barcode: string;
  brand: string;
  categoryId: number;
  spec: string;
  unit: string;
  shelfLifeDays: number;
  storageStyle: number;
  /** Public file ids (goods images), the first is the main image. */
  imageIds: string[];
  /** 元 in the form; cents on the wire. */
  guidePriceYuan: number | null;
}

const backToList = <Link to={STANDARD_PRODUCT_LIST}>返回标准商品库</Link>;

function toValues(p: StandardProductRow): Values {
  return {
    name: p.name,
    barcode: p.barcode,
    brand: p.brand,
    categoryId: p.categoryId,
    spec: p.spec,
    unit: p.unit,
    shelfLifeDays: p.shelfLifeDays,
    storageStyle: p.storageStyle,
    imageIds: p.imageIds,
    guidePriceYuan: centsToYuanValue(p.guidePrice) ?? null,
  };
}

const isStale = (e: unknown) => e instanceof ApiError && e.message === STALE_VERSION_MESSAGE;

/**
 * standerd-edit/:goodsNo (编辑标准商品): the product's details, its edit form (roles holding
 * 'standard-product-edit'; others only view), 启用/停用, and its history. Every change carries the version the
 * page read; a stale one is refused by the server and the page offers to reload.
 */
export default function StanderdEditPage() {
  const { goodsNo } = useParams();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCanEditLibrary();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const key = ['goods', 'standard-product', goodsNo] as const;
  const product = useQuery({
    queryKey: key,
    queryFn: () => call(standardProductOps.detail, { goodsNo: goodsNo! }),
    enabled: Boolean(goodsNo),
  });
  const { allowLeave } = useLeaveGuard(dirty && !saving);

  useEffect(() => {
    if (product.data && !dirty) form.setFieldsValue(toValues(product.data));
  }, [product.data, form, dirty]);

  if (!goodsNo) return <Result status="info" title="请选择要查看的标准商品" extra={backToList} />;
  if (product.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  const p = product.data;
  if (!p) return <Result status="warning" title="标准商品不存在" extra={backToList} />;

  const reload = async () => {
    setStale(false);
    setDirty(false);
    await queryClient.invalidateQueries({ queryKey: ['goods'] });
    const fresh = await queryClient.fetchQuery({ queryKey: key, queryFn: () => call(standardProductOps.detail, { goodsNo }) });
    form.setFieldsValue(toValues(fresh));
  };

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const { guidePriceYuan, ...rest } = v;
      const res = await call(standardProductOps.update, {
        ...rest,
        goodsNo,
        guidePrice: yuanToCents(guidePriceYuan) ?? 0,
        version: p.version,
      });
      message.success(res.changes.length ? `已保存，修改了${res.changes.length}项` : '没有修改');
      allowLeave();
      await reload();
    } catch (e) {
      if (isStale(e)) setStale(true);
    } finally {
      setSaving(false);
    }
  };

  const changeStatus = (status: 1 | 2) =>
    modal.confirm({
      title: `确认${STANDARD_PRODUCT_STATUS[status]}“${p.name}”？`,
      content: status === 2 ? '停用后商品仍保留在标准商品库中，可随时重新启用。' : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        try {
          await call(standardProductOps.setStatus, { goodsNo, status, version: p.version });
          message.success(`已${STANDARD_PRODUCT_STATUS[status]}`);
          await queryClient.invalidateQueries({ queryKey: ['goods'] });
        } catch (e) {
          if (isStale(e)) setStale(true);
        }
      },
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {stale && (
        <Alert
          type="warning"
          showIcon
          title={STALE_VERSION_MESSAGE}
          description="这个商品在你打开页面之后被修改过。重新加载会显示最新内容（你在表单中未保存的修改将丢失）。"
          action={
            <Button size="small" onClick={() => void reload()}>
              重新加载
            </Button>
          }
          data-testid="stale-version"
        />
      )}
      <Card
        variant="borderless"
        title={
          <Space>
            <span>{p.name}</span>
            <StandardProductStatusTag status={p.status} />
          </Space>
        }
        extra={
          canEdit ? (
            <Button danger={p.status === 1} onClick={() => changeStatus(p.status === 1 ? 2 : 1)}>
              {p.status === 1 ? '停用' : '启用'}
            </Button>
          ) : (
            <Tag>仅查看</Tag>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" data-testid="standard-product-detail">
          <Descriptions.Item label="商品编号">{p.goodsNo}</Descriptions.Item>
          <Descriptions.Item label="商品条码">{p.barcode}</Descriptions.Item>
          <Descriptions.Item label="品牌">{p.brand || '--'}</Descriptions.Item>
          <Descriptions.Item label="商品分类">{p.categoryPath}</Descriptions.Item>
          <Descriptions.Item label="规格">{p.spec || '--'}</Descriptions.Item>
          <Descriptions.Item label="单位">{p.unit}</Descriptions.Item>
          <Descriptions.Item label="保质期">{p.shelfLifeDays} 天</Descriptions.Item>
          <Descriptions.Item label="储存方式">{p.storageStyleName}</Descriptions.Item>
          <Descriptions.Item label="建议零售价">{formatMoneyWithSign(p.guidePrice)}</Descriptions.Item>
          <Descriptions.Item label="来源">
            {p.sourceName}
            {p.approvalCode ? `（${p.approvalCode}）` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(p.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="更新时间">{formatDateTime(p.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label="数据版本">{p.version}</Descriptions.Item>
          <Descriptions.Item label="商品图片" span="filled">
            <GoodsImagesView ids={p.imageIds} />
          </Descriptions.Item>
        </Descriptions>
      </Card>

      {canEdit ? (
        <Card variant="borderless" title="编辑商品信息">
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={(v) => void submit(v)}
            onValuesChange={() => setDirty(true)}
            aria-label="编辑标准商品"
            scrollToFirstError
          >
            <Row gutter={24}>
              <ProductFieldItems guidePriceName="guidePriceYuan" />
            </Row>
            <FormFooter saving={saving} onCancel={null}>
              <Button
                disabled={!dirty}
                onClick={() => {
                  form.setFieldsValue(toValues(p));
                  setDirty(false);
                }}
              >
                撤销修改
              </Button>
            </FormFooter>
          </Form>
        </Card>
      ) : (
        <Alert type="info" showIcon title="当前角色没有“编辑标准商品”权限，只能查看。" />
      )}

      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={standardProductOps.history} input={{ goodsNo }} queryKey={['goods']} />
      </Card>
    </Space>
  );
}
