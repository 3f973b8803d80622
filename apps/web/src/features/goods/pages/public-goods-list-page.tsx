import { goodsOps, type AdoptableRow } from '@merchant/contracts/goods/goods';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { Link } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { categoryColumn, keywordColumn, yuanColumn } from '../components/goods-columns.tsx';
import { categoryOptions, useCategoryTree } from '../components/category-tree.ts';

const KEY = ['goods', 'adoptable', 'public'] as const;

/**
 * public-goods-list (公共商品库, 商户商品 section 129): the standard library seen from the merchant — the enabled
 * standard products not yet in 我的商品, each 选入 through the goods module's adopt (one goods and one SKU at the
 * guide price), the same operation as 从标准库选品 on goods-management-list.
 */
export default function PublicGoodsListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useCategoryTree();
  const adopt = (r: AdoptableRow) =>
    modal.confirm({
      title: `把「${r.name}」选入我的商品？`,
      content: '生成一个商品和一个SKU（条码即商品条码，售价默认建议零售价），之后可在商品模板中放入设备。',
      okText: '选入',
      onOk: async () => {
        await call(goodsOps.adopt, { standardProductIds: [r.standardProductId] });
        message.success('已选入我的商品');
        await queryClient.invalidateQueries({ queryKey: ['goods'] });
      },
    });
  const columns: ListColumn<AdoptableRow>[] = [
    keywordColumn('商品名称 / 条码 / 商品编号'),
    { key: 'goodsNo', title: '商品编号', width: 130, sortable: true },
    { key: 'name', title: '商品名称', width: 240, ellipsis: true },
    { key: 'barcode', title: '条码', width: 140 },
    { key: 'brand', title: '品牌', width: 110 },
    { key: 'spec', title: '规格', width: 100 },
    categoryColumn(categoryOptions(tree.data)),
    { key: 'storageStyleName', title: '储存方式', width: 90 },
    yuanColumn('guidePrice', '建议零售价（元）'),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 100,
      render: (_v, r) => (
        <Button type="link" size="small" onClick={() => adopt(r)}>
          选入我的商品
        </Button>
      ),
    },
  ];
  return (
    <QueryList<AdoptableRow>
      queryKey={KEY}
      request={listLoader(goodsOps.adoptable)}
      columns={columns}
      rowKey="standardProductId"
      title="公共商品库"
      exportable={{ operation: goodsOps.adoptable, exportName: '公共商品库' }}
      toolbar={<Link to="/website/merchant-goods-management/my-goods-list">查看我的商品</Link>}
      emptyText="标准商品库中的商品都已选入我的商品"
    />
  );
}
