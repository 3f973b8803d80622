import { STORE_GOODS_STATUS, storeGoodsOps, type StoreGoodsRow } from '@merchant/contracts/goods/store-goods';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { codeColumn, keywordColumn, mapOptions, timeColumn, yuanColumn } from '../components/goods-columns.tsx';
import { DeleteAction, LockableAction } from '../../../shared/ui/row-actions.tsx';
import { goodsShopPath, ShelfTag } from '../components/goods-channel-tags.tsx';

const KEY = ['goods', 'goods-shop-list'] as const;
const pathOf = (h: 'edit' | 'view', r: StoreGoodsRow) =>
  goodsShopPath(h, { skuId: r.skuId, storeId: r.storeId, storeName: r.storeName, skuName: r.skuName });

/** goods-shop-list (门店商品): SKUs of the goods bank in the merchant's stores with their store price and shelf state. */
export default function GoodsShopListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const stores = useQuery({ queryKey: ['goods', 'store-options'], queryFn: () => call(storeGoodsOps.storeOptions, {}) });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['goods'] });

  const changeStatus = (row: StoreGoodsRow, status: number) =>
    modal.confirm({
      title: `确认在“${row.storeName}”${status === 1 ? '上架' : '下架'}“${row.skuName}”？`,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(storeGoodsOps.setStatus, { storeGoodsId: row.storeGoodsId, version: row.version, status });
        message.success(status === 1 ? '已上架' : '已下架');
        await reload();
      },
    });
  const remove = async (row: StoreGoodsRow) => {
    await call(storeGoodsOps.delete, { storeGoodsId: row.storeGoodsId, version: row.version });
    message.success('已从门店移除');
    await reload();
  };

  const columns: ListColumn<StoreGoodsRow>[] = [
    {
      key: 'storeId',
      title: '门店',
      dataIndex: 'storeName',
      width: 160,
      ellipsis: true,
      search: {
        type: 'select',
        placeholder: '全部门店',
        options: (stores.data ?? []).map((s) => ({ value: s.storeId, label: `${s.name}（${s.storeCode}）` })),
        order: 0,
      },
    },
    keywordColumn('SKU名称、编码或条码', 1),
    codeColumn('skuCode', 'SKU编码', (r) => pathOf('view', r), { sortable: undefined }),
    { key: 'skuName', title: 'SKU名称', width: 220, ellipsis: true },
    {
      key: 'status',
      title: '上下架状态',
      width: 170,
      render: (v, r) => <ShelfTag status={Number(v)} blockedReason={r.blockedReason} />,
      search: { type: 'select', options: mapOptions(STORE_GOODS_STATUS) },
    },
    yuanColumn('price', '门店价（元）', { sortable: true }),
    yuanColumn('bankPrice', '商品库门店价（元）', { width: 150 }),
    { key: 'barcode', title: 'SKU条码', width: 140 },
    timeColumn('createdAt', '铺货时间'),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 220,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(pathOf('view', r))}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => navigate(pathOf('edit', r))}>
            改价
          </Button>
          {r.shelfStatus === 1 ? (
            <Button type="link" size="small" danger onClick={() => changeStatus(r, 2)}>
              下架
            </Button>
          ) : (
            <LockableAction locked={r.blockedReason || null} onClick={() => changeStatus(r, 1)}>
              上架
            </LockableAction>
          )}
          <DeleteAction
            blocker={r.status === 1 ? '上架中的门店商品不能移除，请先下架' : null}
            title={`确认从“${r.storeName}”移除“${r.skuName}”？`}
            description="移除后可重新铺货。"
            onConfirm={() => remove(r)}
          />
        </Space>
      ),
    },
  ];

  return (
    <QueryList<StoreGoodsRow>
      queryKey={KEY}
      paging="keyset"
      request={listLoader(storeGoodsOps.list)}
      columns={columns}
      rowKey="storeGoodsId"
      testId="goods-shop-list"
      title="门店商品"
      exportable={{ operation: storeGoodsOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(goodsShopPath('add'))}>
          门店铺货
        </Button>
      }
    />
  );
}
