import { supplyGoodsOps, type SupplyGoodsRow } from '@merchant/contracts/goods/supply-goods';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { categoryColumn, codeColumn, keywordColumn, priceRangeColumn, statusColumn, timeColumn } from '../components/goods-columns.tsx';
import { LockableAction } from '../../../shared/ui/row-actions.tsx';
import { SupplierDrawer } from '../components/supply/supplier-drawer.tsx';
import {
  classOptions,
  statusOptions,
  SUPPLY_KEY,
  supplyGoodsEditPath,
  supplySkuPath,
  SupplyStatusTag,
  useSupplierOptions,
  useSupplyClasses,
} from '../components/supply/supply-shared.tsx';

/** supply-goods-list: the suppliers' SPUs with search, paging, export, 启用/停用, and 供应商管理 in a drawer. */
export default function SupplyGoodsListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const classes = useSupplyClasses();
  const suppliers = useSupplierOptions();
  const [drawer, setDrawer] = useState(false);

  const changeStatus = (row: SupplyGoodsRow, status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '启用' : '停用'}“${row.name}”？`,
      content: status === 2 ? '停用后其启用中的SKU一并停用。' : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(supplyGoodsOps.setStatus, { spuId: row.spuId, version: row.version, status });
        message.success(status === 1 ? '已启用' : '已停用');
        await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
      },
    });

  const columns: ListColumn<SupplyGoodsRow>[] = [
    codeColumn('spuCode', '商品编码', (r) => supplyGoodsEditPath(r.spuId), { width: 130 }),
    keywordColumn('商品名称、编码或品牌'),
    { key: 'name', title: '商品名称', width: 220, ellipsis: true },
    { key: 'brand', title: '品牌', width: 100 },
    {
      key: 'supplierId',
      title: '供应商',
      dataIndex: 'supplierName',
      width: 200,
      ellipsis: true,
      search: { type: 'select', options: suppliers.options },
    },
    categoryColumn(classOptions(classes.data)),
    { key: 'skuCount', title: 'SKU数', width: 80, align: 'right' },
    priceRangeColumn('purchasePrice', '采购价（元）', (r) => [r.minPurchasePrice, r.maxPurchasePrice]),
    { key: 'standardBarcode', title: '关联标准商品条码', width: 150, render: (v) => (v ? String(v) : '--') },
    statusColumn('status', '状态', SupplyStatusTag, statusOptions, { width: 80 }),
    timeColumn(),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 200,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(supplyGoodsEditPath(r.spuId))}>
            编辑
          </Button>
          <LockableAction
            locked={r.status !== 1 ? '商品已停用，请先启用' : null}
            onClick={() => navigate(supplySkuPath('add', undefined, r.spuId))}
          >
            创建SKU
          </LockableAction>
          {r.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => changeStatus(r, 2)}>
              停用
            </Button>
          ) : (
            <LockableAction locked={r.supplierStatus !== 1 ? '供应商已停用，请先启用供应商' : null} onClick={() => changeStatus(r, 1)}>
              启用
            </LockableAction>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryList<SupplyGoodsRow>
        queryKey={[...SUPPLY_KEY, 'goods-list']}
        request={listLoader(supplyGoodsOps.list)}
        columns={columns}
        rowKey="spuId"
        title="供应链商品"
        testId="supply-goods-list"
        exportable={{ operation: supplyGoodsOps.list }}
        toolbar={
          <Space>
            <Button icon={<TeamOutlined />} onClick={() => setDrawer(true)}>
              供应商管理
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(supplyGoodsEditPath())}>
              新增商品
            </Button>
          </Space>
        }
      />
      <SupplierDrawer open={drawer} onClose={() => setDrawer(false)} />
    </>
  );
}
