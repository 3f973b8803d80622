import { editScenePath, TEMPLATE_STATUS, templateOps, type TemplateGoodsRow } from '@merchant/contracts/cabinet-goods/template';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { TemplateStatusTag } from '../components/cabinet-goods-tags.tsx';
import { useModelOptions } from '../components/model-options.ts';

/** masterplate-goods-list (模板商品): every slot of every template — which goods the templates put where. */
export default function MasterplateGoodsListPage() {
  const { nameOptions } = useModelOptions();
  const columns: ListColumn<TemplateGoodsRow>[] = [
    {
      key: 'templateCode',
      title: '模板编号',
      width: 150,
      sortable: true,
      search: { type: 'text' },
      render: (v) => <Link to={editScenePath(String(v))}>{String(v)}</Link>,
    },
    { key: 'templateName', title: '模板名称', width: 200, ellipsis: true, search: { type: 'text' } },
    { key: 'modelCode', title: '柜型', dataIndex: 'modelName', width: 120, search: { type: 'select', options: nameOptions } },
    {
      key: 'status',
      title: '模板状态',
      width: 90,
      render: (v) => <TemplateStatusTag status={Number(v)} />,
      search: { type: 'select', options: Object.entries(TEMPLATE_STATUS).map(([v, l]) => ({ value: Number(v), label: l })) },
    },
    { key: 'slotNo', title: '货道', width: 70 },
    { key: 'skuCode', title: 'SKU编码', width: 130 },
    { key: 'skuName', title: '商品名称', width: 240, ellipsis: true, search: { type: 'text' } },
    { key: 'storageStyleName', title: '储存方式', width: 90 },
    { key: 'capacity', title: '容量', width: 80, align: 'right', sortable: true },
    { key: 'parLevel', title: '标准库存', width: 90, align: 'right' },
    { key: 'basePrice', title: '售价（元）', width: 110, align: 'right', render: (v) => centsToYuan(v as number) },
  ];
  return (
    <QueryList<TemplateGoodsRow>
      queryKey={['cabinet-goods', 'template', 'goods']}
      request={listLoader(templateOps.goods)}
      columns={columns}
      rowKey="id"
      title="模板商品"
      exportable={{ operation: templateOps.goods }}
    />
  );
}
