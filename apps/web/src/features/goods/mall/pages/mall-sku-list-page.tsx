import { mallSkuOps, type MallSkuRow } from '@merchant/contracts/mall/mall-sku';
import { Button, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../../platform/call.ts';
import { QueryList } from '../../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { centsToYuan } from '../../../../shared/format/money.ts';
import type { ListColumn } from '../../../../shared/ui/list/list-columns.ts';
import { categoryOptions, useCategoryTree } from '../../components/category-tree.ts';
import { MALL, MallStatusTag, mallStatusOptions, TierList } from '../components/mall-parts.tsx';

const KEY = ['mall', 'sku-list'] as const;
export const wholesalePath = (r: MallSkuRow, handleType: 'view' | 'edit') =>
  `${MALL}/wholesale-add-sku/${handleType}/${r.mallGoodsId}/${r.mallGoodsId}/${r.mallSkuId}`;

/** mall-sku-list (SKU管理): the mall SKUs with their wholesale breaks, keyset paging (上一页/下一页). */
export default function MallSkuListPage() {
  const navigate = useNavigate();
  const tree = useCategoryTree();

  const columns: ListColumn<MallSkuRow>[] = [
    {
      key: 'skuCode',
      title: 'SKU编码',
      width: 120,
      sortable: true,
      render: (v, r) => <Link to={wholesalePath(r, 'view')}>{String(v)}</Link>,
    },
    { key: 'keyword', title: '关键词', hideInTable: true, search: { type: 'text', placeholder: 'SKU名称、编码或条码', order: 0 } },
    { key: 'name', title: 'SKU名称', width: 240, ellipsis: true },
    { key: 'mallCode', title: '商城商品', width: 120, render: (v, r) => <Link to={`${MALL}/edit/${r.mallGoodsId}`}>{String(v)}</Link> },
    { key: 'barcode', title: 'SKU条码', width: 140 },
    {
      key: 'wholesaleStock',
      title: '批发库存（可用）',
      width: 130,
      align: 'right',
      render: (v) =>
        v === null ? (
          <Typography.Text type="secondary">未关联商品</Typography.Text>
        ) : (
          <Typography.Text type={Number(v) <= 0 ? 'danger' : undefined}>{Number(v)}</Typography.Text>
        ),
    },
    { key: 'moq', title: '起批量', width: 80, align: 'right', render: (v, r) => `${String(v)}${r.saleUnit}` },
    { key: 'tiers', title: '批发阶梯价', width: 170, render: (_v, r) => <TierList tiers={r.priceTiers} unit={r.saleUnit} /> },
    { key: 'basePrice', title: '起批单价（元）', width: 120, align: 'right', sortable: true, render: (v) => centsToYuan(v as number) },
    {
      key: 'categoryId',
      title: '商品分类',
      dataIndex: 'categoryPath',
      width: 180,
      search: { type: 'treeSelect', placeholder: '全部分类（含下级）', treeData: categoryOptions(tree.data) },
    },
    {
      key: 'status',
      title: '销售状态',
      width: 90,
      render: (v) => <MallStatusTag status={Number(v)} />,
      search: { type: 'select', options: mallStatusOptions },
    },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 130,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(wholesalePath(r, 'view'))}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => navigate(wholesalePath(r, 'edit'))}>
            编辑
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <QueryList<MallSkuRow>
      queryKey={KEY}
      paging="keyset"
      request={listLoader(mallSkuOps.list)}
      columns={columns}
      rowKey="mallSkuId"
      title="商城SKU"
      exportable={{ operation: mallSkuOps.list }}
      toolbar={
        <Button type="primary" onClick={() => navigate(`${MALL}/mall-apply-sku`)}>
          SKU申请
        </Button>
      }
    />
  );
}
