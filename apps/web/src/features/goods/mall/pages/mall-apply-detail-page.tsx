import { mallApprovalOps } from '@merchant/contracts/mall/mall-approval';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../../platform/call.ts';
import { specText } from '@merchant/contracts/goods/sku';
import { ApprovalView } from '../../components/approval-view.tsx';
import { GoodsImagesView } from '../../components/goods-images-view.tsx';
import { MallProductForm, MallSkuApplyForm } from '../components/mall-apply-forms.tsx';
import { MALL, MALL_APPLY_LIST, MALL_APPROVAL, mallPdfPath, TierList } from '../components/mall-parts.tsx';
import { centsToYuan } from '../../../../shared/format/money.ts';

const backToList = <Link to={MALL_APPLY_LIST}>返回新品申请列表</Link>;

/**
 * mall-apply-detail/:approvalCode?/:detail?  Without a code: a new 商城新品申请. With a code: the application —
 * editable while its state allows it (草稿, 已驳回, 已撤回), read-only with `detail` (and in any other state),
 * with the actions its state allows and the review trail.
 */
export default function MallApplyDetailPage() {
  const { approvalCode, detail: detailFlag } = useParams();
  const navigate = useNavigate();
  const key = ['mall', 'approval', approvalCode] as const;
  const q = useQuery({
    queryKey: key,
    queryFn: () => call(mallApprovalOps.detail, { approvalCode: approvalCode! }),
    enabled: Boolean(approvalCode),
  });

  if (!approvalCode) return <MallProductForm />;
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  const d = q.data;
  if (!d) return <Result status="warning" title="申请不存在或已删除" extra={backToList} />;
  if (!detailFlag && [0, 3, 4].includes(d.status)) return d.kind === 4 ? <MallSkuApplyForm initial={d} /> : <MallProductForm initial={d} />;

  const tiers = d.mallProduct?.priceTiers ?? d.mallSku?.priceTiers ?? [];
  const unit = d.mallProduct?.saleUnit ?? d.mallSku?.saleUnit ?? '';
  return (
    <ApprovalView detail={d} queryKey={key} flavour={MALL_APPROVAL}>
      {d.mallProduct && (
        <Card variant="borderless" title="商品信息">
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
            <Descriptions.Item label="商品名称">{d.mallProduct.name}</Descriptions.Item>
            <Descriptions.Item label="商品条码">{d.mallProduct.barcode}</Descriptions.Item>
            <Descriptions.Item label="品牌">{d.mallProduct.brand}</Descriptions.Item>
            <Descriptions.Item label="商品分类">{d.mallProduct.categoryPath}</Descriptions.Item>
            <Descriptions.Item label="规格">{d.mallProduct.spec}</Descriptions.Item>
            <Descriptions.Item label="单位">{d.mallProduct.unit}</Descriptions.Item>
            <Descriptions.Item label="保质期">{d.mallProduct.shelfLifeDays}天</Descriptions.Item>
            <Descriptions.Item label="储存方式">{d.mallProduct.storageStyleName}</Descriptions.Item>
            <Descriptions.Item label="建议零售价">¥{centsToYuan(d.mallProduct.guidePrice)}</Descriptions.Item>
            <Descriptions.Item label="销售单位">
              {d.mallProduct.saleUnit}（每{d.mallProduct.saleUnit}
              {d.mallProduct.piecesPerUnit}
              {d.mallProduct.unit}）
            </Descriptions.Item>
            <Descriptions.Item label="商品图片" span="filled">
              {d.mallProduct.imageIds.length ? <GoodsImagesView ids={d.mallProduct.imageIds} /> : '--'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {d.mallSku && (
        <Card variant="borderless" title="SKU信息">
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
            <Descriptions.Item label="所属商城商品">
              <Link to={`${MALL}/edit/${d.mallSku.mallGoodsId}`}>
                {d.mallSku.mallTitle}
                {d.mallSku.mallCode ? `（${d.mallSku.mallCode}）` : ''}
              </Link>
            </Descriptions.Item>
            <Descriptions.Item label="商品分类">{d.mallSku.categoryPath || '--'}</Descriptions.Item>
            <Descriptions.Item label="SKU规格">{specText(d.mallSku.specValues) || '--'}</Descriptions.Item>
            <Descriptions.Item label="SKU条码">{d.mallSku.barcode}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Card
        variant="borderless"
        title="批发阶梯价"
        extra={<Button onClick={() => navigate(mallPdfPath(d.approvalCode))}>预览申请单</Button>}
      >
        <TierList tiers={tiers} unit={unit} />
      </Card>
    </ApprovalView>
  );
}
