import { mallGoodsOps, type MallGoodsRow } from '@merchant/contracts/mall/mall-goods';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { call, listLoader } from '../../../../platform/call.ts';
import { QueryList } from '../../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../../shared/format/date.ts';
import type { ListColumn } from '../../../../shared/ui/list/list-columns.ts';
import { categoryOptions, useCategoryTree } from '../../components/category-tree.ts';
import { GoodsImageThumb } from '../../components/goods-images-view.tsx';
import { priceRangeText } from '../../components/goods-tags.tsx';
import { MALL, MallStatusTag, mallStatusOptions } from '../components/mall-parts.tsx';

const KEY = ['mall', 'goods-list'] as const;

/** mall-standard-product-list (标准商品): the library's products listed in the wholesale mall; 编辑, 上架/下架. */
export default function MallGoodsListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useCategoryTree();

  const changeStatus = (row: MallGoodsRow, status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '上架' : '下架'}“${row.title}”？`,
      content: status === 2 ? '下架后，该商品上架中的SKU将一并下架。' : '上架后，SKU仍需在销售管理中逐个上架。',
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(mallGoodsOps.setStatus, { mallGoodsId: row.mallGoodsId, version: row.version, status });
        message.success(status === 1 ? '已上架' : '已下架');
        await queryClient.invalidateQueries({ queryKey: ['mall'] });
      },
    });

  const columns: ListColumn<MallGoodsRow>[] = [
    { key: 'image', title: '主图', width: 70, render: (_v, r) => <GoodsImageThumb id={r.imageIds[0]} size={40} /> },
    {
      key: 'mallCode',
      title: '商城商品编码',
      width: 130,
      sortable: true,
      render: (v, r) => <Link to={`${MALL}/edit/${r.mallGoodsId}`}>{String(v)}</Link>,
    },
    { key: 'keyword', title: '关键词', hideInTable: true, search: { type: 'text', placeholder: '名称、编码、条码或品牌', order: 0 } },
    { key: 'title', title: '商品名称', width: 220, ellipsis: true },
    { key: 'barcode', title: '商品条码', width: 140 },
    { key: 'brand', title: '品牌', width: 100 },
    {
      key: 'categoryId',
      title: '商品分类',
      dataIndex: 'categoryPath',
      width: 180,
      search: { type: 'treeSelect', placeholder: '全部分类（含下级）', treeData: categoryOptions(tree.data) },
    },
    { key: 'saleUnit', title: '销售单位', width: 110, render: (_v, r) => `${r.saleUnit}（${r.piecesPerUnit}${r.unit}）` },
    { key: 'moq', title: '起批量', width: 80, align: 'right', render: (v, r) => (v === null ? '--' : `${String(v)}${r.saleUnit}`) },
    { key: 'price', title: '批发价（元）', width: 140, align: 'right', render: (_v, r) => priceRangeText(r.minPrice, r.maxPrice) },
    {
      key: 'skuCount',
      title: 'SKU数',
      width: 70,
      align: 'right',
      render: (v, r) => <Link to={`${MALL}/edit/${r.mallGoodsId}`}>{String(v)}</Link>,
    },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (v) => <MallStatusTag status={Number(v)} />,
      search: { type: 'select', options: mallStatusOptions },
    },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 200,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`${MALL}/edit/${r.mallGoodsId}`)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`${MALL}/mall-add-sku/add/${r.mallGoodsId}`)}>
            新增SKU
          </Button>
          {r.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => changeStatus(r, 2)}>
              下架
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => changeStatus(r, 1)}>
              上架
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <QueryList<MallGoodsRow>
      queryKey={KEY}
      request={listLoader(mallGoodsOps.list)}
      columns={columns}
      rowKey="mallGoodsId"
      title="批发商城商品"
      exportable={{ operation: mallGoodsOps.list }}
      toolbar={
        <Button type="primary" onClick={() => navigate(`${MALL}/mall-apply-detail`)}>
          申请新品
        </Button>
      }
    />
  );
}
