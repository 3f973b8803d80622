import { SKU_STATUS, skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { DeleteAction, LockableAction } from '../../../shared/ui/row-actions.tsx';
import { categoryOptions, useCategoryTree } from '../components/category-tree.ts';
import { SkuStatusTag } from '../components/goods-tags.tsx';
import {
  categoryColumn,
  codeColumn,
  keywordColumn,
  mapOptions,
  statusColumn,
  storageStyleColumn,
  timeColumn,
  yuanColumn,
} from '../components/goods-columns.tsx';

const KEY = ['goods', 'sku-list'] as const;
const BASE = '/website/goods/add-sku';

/** sku-list: the SKUs of the merchant's goods with search, keyset paging (上一页/下一页), 上架/下架 and delete. */
export default function SkuListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useCategoryTree();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['goods'] });

  const changeStatus = (row: SkuRow, status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '上架' : '下架'}“${row.name}”？`,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(skuOps.setStatus, { skuId: row.skuId, version: row.version, status });
        message.success(status === 1 ? '已上架' : '已下架');
        await reload();
      },
    });
  const remove = async (row: SkuRow) => {
    await call(skuOps.delete, { skuId: row.skuId, version: row.version });
    message.success('SKU已删除');
    await reload();
  };

  const columns: ListColumn<SkuRow>[] = [
    codeColumn('skuCode', 'SKU编码', (r) => `${BASE}/view/${r.skuId}`),
    keywordColumn('SKU名称、编码或条码'),
    { key: 'name', title: 'SKU名称', width: 240, ellipsis: true },
    yuanColumn('basePrice', '销售价（元）', { sortable: true }),
    statusColumn('status', '上下架状态', SkuStatusTag, mapOptions(SKU_STATUS), { width: 100 }),
    { key: 'goodsName', title: '所属商品', width: 180, ellipsis: true },
    { key: 'barcode', title: 'SKU条码', width: 140 },
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
          <Button type="link" size="small" onClick={() => navigate(`${BASE}/view/${r.skuId}`)}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`${BASE}/edit/${r.skuId}`)}>
            编辑
          </Button>
          {r.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => changeStatus(r, 2)}>
              下架
            </Button>
          ) : (
            <LockableAction locked={r.goodsStatus === 2 ? '所属商品已停售，不能上架' : null} onClick={() => changeStatus(r, 1)}>
              上架
            </LockableAction>
          )}
          <DeleteAction
            blocker={r.status === 1 ? '上架中的SKU不能删除，请先下架' : null}
            title={`确认删除“${r.name}”？`}
            description="删除后条码可再次使用。"
            onConfirm={() => remove(r)}
          />
        </Space>
      ),
    },
  ];

  return (
    <QueryList<SkuRow>
      queryKey={KEY}
      paging="keyset"
      request={listLoader(skuOps.list)}
      columns={columns}
      rowKey="skuId"
      title="SKU列表"
      exportable={{ operation: skuOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${BASE}/add`)}>
          新增SKU
        </Button>
      }
    />
  );
}
