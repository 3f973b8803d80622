import { GOODS_BANK_STATUS, goodsBankOps, type GoodsBankRow } from '@merchant/contracts/goods/goods-bank';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { codeColumn, keywordColumn, mapOptions, priceRangeColumn, statusColumn, timeColumn } from '../components/goods-columns.tsx';
import { DeleteAction } from '../../../shared/ui/row-actions.tsx';
import { BankStatusTag } from '../components/goods-channel-tags.tsx';
import { GoodsStatusTag } from '../components/goods-tags.tsx';

const KEY = ['goods', 'goods-bank-list'] as const;
const BASE = '/website/goods/add-goods-bank';

/** goods-bank-list (商品库): the goods offered to the merchant's stores, with their store price range and 可售/停售. */
export default function GoodsBankListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['goods'] });

  const changeStatus = (row: GoodsBankRow, status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '可售' : '停售'}“${row.goodsName}”？`,
      content: status === 2 ? `停售后该商品在所有门店下架（${row.storeCount}个门店商品）。` : '恢复可售后，门店需各自重新上架。',
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(goodsBankOps.setStatus, { goodsId: row.goodsId, version: row.version, status });
        message.success(status === 1 ? '已设为可售' : '已停售');
        await reload();
      },
    });
  const remove = async (row: GoodsBankRow) => {
    await call(goodsBankOps.delete, { goodsId: row.goodsId, version: row.version });
    message.success('已移出商品库');
    await reload();
  };

  const columns: ListColumn<GoodsBankRow>[] = [
    codeColumn('goodsCode', '商品编码', (r) => `${BASE}/view/${r.goodsId}`),
    keywordColumn('商品名称或编码'),
    { key: 'goodsName', title: '商品名称', width: 220, ellipsis: true },
    { key: 'brand', title: '品牌', width: 100 },
    priceRangeColumn('price', '门店价（元）', (r) => [r.priceMin, r.priceMax]),
    { key: 'skuCount', title: 'SKU数', width: 80, align: 'right' },
    { key: 'storeCount', title: '门店铺货数', width: 100, align: 'right' },
    statusColumn('status', '可售状态', BankStatusTag, mapOptions(GOODS_BANK_STATUS), { width: 100 }),
    statusColumn('goodsStatus', '商品状态', GoodsStatusTag, undefined, { width: 100 }),
    { key: 'categoryPath', title: '商品分类', width: 180, ellipsis: true },
    { key: 'remark', title: '备注', width: 140, ellipsis: true },
    timeColumn('createdAt', '加入时间'),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 220,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`${BASE}/view/${r.goodsId}`)}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`${BASE}/edit/${r.goodsId}`)}>
            编辑
          </Button>
          {r.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => changeStatus(r, 2)}>
              停售
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => changeStatus(r, 1)}>
              可售
            </Button>
          )}
          <DeleteAction
            blocker={r.status === 1 ? '可售中的商品不能移出，请先停售' : r.storeCount > 0 ? '仍有门店铺货，请先在门店商品中移除' : null}
            title={`确认把“${r.goodsName}”移出商品库？`}
            description="移出后门店不能再铺货该商品，可再次加入。"
            onConfirm={() => remove(r)}
          />
        </Space>
      ),
    },
  ];

  return (
    <QueryList<GoodsBankRow>
      queryKey={KEY}
      request={listLoader(goodsBankOps.list)}
      columns={columns}
      rowKey="bankId"
      testId="goods-bank-list"
      title="商品库"
      exportable={{ operation: goodsBankOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${BASE}/add`)}>
          加入商品库
        </Button>
      }
    />
  );
}
