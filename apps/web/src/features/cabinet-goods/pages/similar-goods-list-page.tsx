import { SIMILAR_BASES, similarGoodsOps, type SimilarBasis, type SimilarGoodsRow } from '@merchant/contracts/cabinet-goods/goods-insight';
import { containerListPath } from '@merchant/contracts/cabinet-goods/my-goods';
import { GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Radio, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';

const loadSimilar = listLoader(similarGoodsOps.list);

const columns: ListColumn<SimilarGoodsRow>[] = [
  { key: 'goodsCode', title: '商品编码', width: 130, sortable: true },
  { key: 'name', title: '商品名称', width: 240, ellipsis: true },
  { key: 'brand', title: '品牌', width: 110 },
  { key: 'categoryPath', title: '商品分类', width: 180, ellipsis: true },
  { key: 'storageStyleName', title: '储存方式', width: 90 },
  {
    key: 'status',
    title: '状态',
    width: 80,
    render: (v) => <Tag color={v === 1 ? 'green' : 'default'}>{GOODS_STATUS[v as keyof typeof GOODS_STATUS] ?? String(v)}</Tag>,
  },
  { key: 'guideSalePrice', title: '指导售价（元）', width: 120, align: 'right', render: (v) => centsToYuan(v as number) },
  {
    key: 'cabinetCount',
    title: '铺货设备数',
    width: 110,
    align: 'right',
    sortable: true,
    render: (v, r) => (r.cabinetCount > 0 ? <Link to={containerListPath(r)}>{String(v)}</Link> : '0'),
  },
  { key: 'reason', title: '相似依据', width: 90 },
];

/**
 * similar-goods-list (相似商品): pick a goods and a basis (the page's own search controls), then its neighbours by
 * category, brand or name, paged and sorted on the server, with 导出.
 */
export default function SimilarGoodsListPage() {
  const [keyword, setKeyword] = useState('');
  const [goodsId, setGoodsId] = useState<number>();
  const [basis, setBasis] = useState<SimilarBasis>('category');
  const options = useQuery({
    queryKey: ['cabinet-goods', 'similar', 'options', keyword],
    queryFn: () => call(similarGoodsOps.goodsOptions, { keyword }),
  });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" title="相似商品">
        <Space wrap>
          <Select
            style={{ width: 360 }}
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="选择一个商品（按名称或编码搜索）"
            aria-label="商品"
            value={goodsId}
            onChange={(v: number) => setGoodsId(v)}
            options={(options.data ?? []).map((g) => ({ value: g.goodsId, label: `${g.name}（${g.goodsCode}）` }))}
          />
          <Radio.Group
            value={basis}
            onChange={(e) => setBasis(e.target.value as SimilarBasis)}
            options={Object.entries(SIMILAR_BASES).map(([value, label]) => ({ value, label }))}
            optionType="button"
          />
        </Space>
      </Card>
      {!goodsId ? (
        <Card variant="borderless">
          <Empty description="先选择一个商品，查看与它同分类、同品牌或名称相近的商品" />
        </Card>
      ) : (
        <QueryList<SimilarGoodsRow>
          queryKey={['cabinet-goods', 'similar', 'list', goodsId, basis]}
          settingsId="cabinet-goods.similar"
          request={(params) => loadSimilar({ ...params, goodsId, basis })}
          columns={columns}
          rowKey="goodsId"
          title="相似的商品"
          exportable={{ operation: similarGoodsOps.list, body: (f) => ({ ...f, goodsId, basis }) }}
          emptyText="没有相似的商品"
        />
      )}
    </Space>
  );
}
