import { myGoodsOps, type MyGoodsContainer } from '@merchant/contracts/cabinet-goods/my-goods';
import { editScenePath } from '@merchant/contracts/cabinet-goods/template';
import { GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Descriptions, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { MY_GOODS_LIST } from '../routes.ts';

const loadContainers = listLoader(myGoodsOps.containers);
const range = (a: number, b: number) => (a === b ? centsToYuan(a) : `${centsToYuan(a)} ~ ${centsToYuan(b)}`);

/**
 * container-list/{goodsId}/{guideSalePrice}/{storageStyleCode}/{goodsStatus}/{handleType}/{spuId}: which cabinets carry
 * the goods. The path's price, style and status are what the list knew; the cabinets are read by goodsId.
 */
export default function ContainerListPage() {
  const p = useParams();
  const goodsId = Number(p.goodsId ?? 0);
  const head = useQuery({
    queryKey: ['cabinet-goods', 'containers', goodsId, 'head'],
    queryFn: () => call(myGoodsOps.containers, { goodsId, pageSize: 1 }),
    enabled: goodsId > 0,
  });
  const columns: ListColumn<MyGoodsContainer>[] = [
    { key: 'deviceCode', title: '设备编号', width: 130, sortable: true },
    { key: 'deviceName', title: '设备名称', width: 220, ellipsis: true, sortable: true, search: { type: 'text' } },
    { key: 'modelName', title: '柜型', width: 110 },
    { key: 'online', title: '在线', width: 80, render: (v) => <Badge status={v ? 'success' : 'default'} text={v ? '在线' : '离线'} /> },
    { key: 'slots', title: '货道', width: 160, render: (v) => (v as string[]).join('、') },
    { key: 'skuNames', title: 'SKU', width: 220, ellipsis: true, render: (v) => (v as string[]).join('、') },
    { key: 'capacity', title: '总容量', width: 80, align: 'right' },
    { key: 'parLevel', title: '标准库存', width: 90, align: 'right' },
    { key: 'minPrice', title: '柜价（元）', width: 120, align: 'right', render: (_v, r) => range(r.minPrice, r.maxPrice) },
    { key: 'templateCode', title: '商品模板', width: 150, render: (v) => <Link to={editScenePath(String(v))}>{String(v)}</Link> },
    { key: 'appliedAt', title: '应用时间', width: 170, render: (v) => formatDateTime(v as number) },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={head.data ? `${head.data.goodsName}（${head.data.goodsCode}）` : '铺货设备'}
        extra={<Link to={MY_GOODS_LIST}>返回我的商品</Link>}
      >
        <Descriptions size="small" column={4} bordered>
          <Descriptions.Item label="指导售价">¥{centsToYuan(Number(p.guideSalePrice ?? 0))}</Descriptions.Item>
          <Descriptions.Item label="储存方式">{STORAGE_STYLES[Number(p.storageStyleCode) as 1] ?? '--'}</Descriptions.Item>
          <Descriptions.Item label="商品状态">{GOODS_STATUS[Number(p.goodsStatus) as 1] ?? '--'}</Descriptions.Item>
          <Descriptions.Item label="铺货设备数">{head.data?.total ?? '--'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <QueryList<MyGoodsContainer>
        queryKey={['cabinet-goods', 'containers', goodsId]}
        request={(params) => loadContainers({ ...params, goodsId })}
        columns={columns}
        rowKey="deviceCode"
        title="铺货设备"
        exportable={{
          operation: myGoodsOps.containers,
          exportName: `铺货设备-${head.data?.goodsCode ?? goodsId}`,
          body: (f) => ({ ...f, goodsId }),
        }}
        emptyText="还没有设备在卖这个商品"
      />
    </Space>
  );
}
