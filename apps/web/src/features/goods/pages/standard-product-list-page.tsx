import { STANDARD_PRODUCT_STATUS, standardProductOps, type StandardProductRow } from '@merchant/contracts/goods/standard-product';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { App, Button, Space, Typography } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { formatMoney } from '../../../shared/format/money.ts';
import { call, listLoader } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { categoryColumn, mapOptions, statusColumn, storageStyleColumn, timeColumn } from '../components/goods-columns.tsx';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { StandardProductStatusTag } from '../components/standard-product-status-tag.tsx';
import { CategoryDrawer } from '../components/category-drawer.tsx';
import { categoryOptions, useCategoryTree } from '../components/category-tree.ts';
import { useCanEditLibrary } from '../components/use-can-edit.ts';
import { GoodsImageThumb } from '../components/goods-images-view.tsx';

const KEY = ['goods', 'standard-products'] as const;
const editPath = (goodsNo: string) => `/website/goods/standerd-edit/${goodsNo}`;

/** standard-product-list: the merchant's standard product library with search, category filter, export, 启用/停用. */
export default function StandardProductListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCanEditLibrary();
  const tree = useCategoryTree();
  const [drawer, setDrawer] = useState(false);

  const changeStatus = (row: StandardProductRow, status: 1 | 2) =>
    modal.confirm({
      title: `确认${STANDARD_PRODUCT_STATUS[status]}“${row.name}”？`,
      content: status === 2 ? '停用后商品仍保留在标准商品库中，可随时重新启用。' : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        try {
          await call(standardProductOps.setStatus, { goodsNo: row.goodsNo, status, version: row.version });
          message.success(`已${STANDARD_PRODUCT_STATUS[status]}`);
        } finally {
          await queryClient.invalidateQueries({ queryKey: ['goods'] });
        }
      },
    });

  const columns: ListColumn<StandardProductRow>[] = [
    {
      key: 'keyword',
      title: '关键字',
      hideInTable: true,
      search: { type: 'text', placeholder: '商品名称 / 条码 / 商品编号', order: 0 },
    },
    {
      key: 'goodsNo',
      title: '商品编号',
      width: 130,
      sortable: true,
      render: (v) => <Link to={editPath(String(v))}>{String(v)}</Link>,
    },
    {
      key: 'imageIds',
      title: '图片',
      width: 72,
      hideInCompact: true,
      render: (_v, r) => <GoodsImageThumb id={r.imageIds[0]} size={40} alt={`${r.name} 主图`} />,
    },
    { key: 'name', title: '商品名称', width: 240, ellipsis: true },
    { key: 'barcode', title: '商品条码', width: 140 },
    { key: 'brand', title: '品牌', width: 110, search: { type: 'text', placeholder: '如 农夫山泉' } },
    categoryColumn(categoryOptions(tree.data), {
      width: 190,
      search: { type: 'treeSelect', placeholder: '全部分类', treeData: categoryOptions(tree.data) },
    }),
    { key: 'spec', title: '规格', width: 110 },
    { key: 'unit', title: '单位', width: 70 },
    storageStyleColumn(),
    { key: 'shelfLifeDays', title: '保质期（天）', width: 110, align: 'right' },
    {
      key: 'guidePrice',
      title: '建议零售价（元）',
      width: 140,
      align: 'right',
      sortable: true,
      render: (v) => formatMoney(v as number),
    },
    statusColumn('status', '状态', StandardProductStatusTag, mapOptions(STANDARD_PRODUCT_STATUS)),
    timeColumn(),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 130,
      render: (_v, r) => (
        <Space size={4}>
          <Link to={editPath(r.goodsNo)}>{canEdit ? '编辑' : '详情'}</Link>
          {canEdit && (
            <>
              <Typography.Text type="secondary">|</Typography.Text>
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                danger={r.status === 1}
                onClick={() => changeStatus(r, r.status === 1 ? 2 : 1)}
              >
                {r.status === 1 ? '停用' : '启用'}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryList<StandardProductRow>
        queryKey={KEY}
        request={listLoader(standardProductOps.list)}
        columns={columns}
        rowKey="id"
        title="标准商品库"
        exportable={{ operation: standardProductOps.list }}
        toolbar={
          <Button icon={<ApartmentOutlined />} onClick={() => setDrawer(true)}>
            分类管理
          </Button>
        }
        testId="standard-product-list"
      />
      <CategoryDrawer open={drawer} onClose={() => setDrawer(false)} canEdit={canEdit} />
    </>
  );
}
