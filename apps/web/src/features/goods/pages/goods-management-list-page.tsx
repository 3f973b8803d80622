import { GOODS_STATUS, goodsOps, type GoodsRow } from '@merchant/contracts/goods/goods';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { DeleteAction } from '../../../shared/ui/row-actions.tsx';
import { AdoptModal } from '../components/adopt-modal.tsx';
import { categoryOptions, useCategoryTree } from '../components/category-tree.ts';
import { GoodsStatusTag } from '../components/goods-tags.tsx';
import {
  categoryColumn,
  codeColumn,
  keywordColumn,
  mapOptions,
  priceRangeColumn,
  statusColumn,
  storageStyleColumn,
  timeColumn,
} from '../components/goods-columns.tsx';

const KEY = ['goods', 'goods-list'] as const;
const BASE = '/website/goods/add-goods';

/** goods-management-list: the merchant's goods (SPU) with search, paging, 在售/停售, delete, 从标准库选品. */
export default function GoodsManagementListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useCategoryTree();
  const [adopting, setAdopting] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['goods'] });

  const changeStatus = (row: GoodsRow, status: number) =>
    modal.confirm({
      title: `确认将“${row.name}”设为${GOODS_STATUS[status as keyof typeof GOODS_STATUS]}？`,
      content: status === 2 ? '停售后该商品的全部SKU将同时下架。' : '设为在售后，SKU需逐个上架。',
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(goodsOps.setStatus, { goodsId: row.goodsId, version: row.version, status });
        message.success('销售状态已更新');
        await reload();
      },
    });
  const remove = async (row: GoodsRow) => {
    await call(goodsOps.delete, { goodsId: row.goodsId, version: row.version });
    message.success('商品已删除');
    await reload();
  };

  const columns: ListColumn<GoodsRow>[] = [
    codeColumn('goodsCode', '商品编码', (r) => `${BASE}/${r.goodsId}/view`),
    keywordColumn('商品名称或商品编码'),
    { key: 'name', title: '商品名称', width: 220, ellipsis: true },
    priceRangeColumn('price', '销售价（元）', (r) => [r.minPrice, r.maxPrice], { width: 150 }),
    { key: 'skuCount', title: 'SKU数', width: 80, align: 'right' },
    statusColumn('status', '销售状态', GoodsStatusTag, mapOptions(GOODS_STATUS)),
    { key: 'brand', title: '品牌', width: 110, search: { type: 'text', placeholder: '品牌关键字' } },
    categoryColumn(categoryOptions(tree.data)),
    storageStyleColumn(),
    timeColumn(),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 220,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`${BASE}/${r.goodsId}/view`)}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`${BASE}/${r.goodsId}/edit`)}>
            编辑
          </Button>
          {r.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => changeStatus(r, 2)}>
              停售
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => changeStatus(r, 1)}>
              在售
            </Button>
          )}
          <DeleteAction
            blocker={r.status === 1 ? '在售的商品不能删除，请先停售' : null}
            title={`确认删除“${r.name}”？`}
            description="商品及其全部SKU将被删除，条码可再次使用。"
            onConfirm={() => remove(r)}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryList<GoodsRow>
        queryKey={KEY}
        request={listLoader(goodsOps.list)}
        columns={columns}
        rowKey="goodsId"
        title="商品列表"
        exportable={{ operation: goodsOps.list }}
        toolbar={
          <Space>
            <Button onClick={() => setAdopting(true)}>从标准库选品</Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${BASE}/0/add`)}>
              新增商品
            </Button>
          </Space>
        }
      />
      <AdoptModal
        open={adopting}
        onClose={() => setAdopting(false)}
        onDone={() => {
          setAdopting(false);
          void reload();
        }}
      />
    </>
  );
}
