import { supplySkuOps, type SupplySkuRow } from '@merchant/contracts/goods/supply-sku';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { categoryColumn, codeColumn, keywordColumn, statusColumn, timeColumn, yuanColumn } from '../components/goods-columns.tsx';
import { DeleteAction, LockableAction } from '../../../shared/ui/row-actions.tsx';
import {
  classOptions,
  statusOptions,
  SUPPLY_KEY,
  supplySkuPath,
  SupplyStatusTag,
  useSupplierOptions,
  useSupplyClasses,
} from '../components/supply/supply-shared.tsx';

/** An SKU may be 启用 only under an SPU and a supplier that are 启用. */
export const enableBlocker = (r: Pick<SupplySkuRow, 'spuStatus' | 'supplierStatus'>) =>
  r.spuStatus !== 1 ? '所属商品已停用，不能启用' : r.supplierStatus !== 1 ? '供应商已停用，不能启用' : null;

/** supply-sku-list: the supply SKUs with search, paging, export, 启用/停用 and delete. */
export default function SupplySkuListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const classes = useSupplyClasses();
  const suppliers = useSupplierOptions();
  const reload = () => queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });

  const changeStatus = (row: SupplySkuRow, status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '启用' : '停用'}“${row.name}”？`,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(supplySkuOps.setStatus, { skuId: row.skuId, version: row.version, status });
        message.success(status === 1 ? '已启用' : '已停用');
        await reload();
      },
    });
  const remove = async (row: SupplySkuRow) => {
    await call(supplySkuOps.delete, { skuId: row.skuId, version: row.version });
    message.success('SKU已删除');
    await reload();
  };

  const columns: ListColumn<SupplySkuRow>[] = [
    codeColumn('skuCode', 'SKU编码', (r) => supplySkuPath('view', r.skuId), { width: 130 }),
    keywordColumn('SKU名称、编码或条码'),
    { key: 'name', title: 'SKU名称', width: 240, ellipsis: true },
    {
      key: 'supplierId',
      title: '供应商',
      dataIndex: 'supplierName',
      width: 200,
      ellipsis: true,
      search: { type: 'select', options: suppliers.options },
    },
    { key: 'barcode', title: 'SKU条码', width: 140 },
    yuanColumn('purchasePrice', '采购价（元）', { sortable: true }),
    { key: 'moq', title: '起订量', width: 90, align: 'right' },
    { key: 'leadTimeDays', title: '供货周期（天）', width: 130, align: 'right', sortable: true },
    categoryColumn(classOptions(classes.data)),
    statusColumn('status', '状态', SupplyStatusTag, statusOptions, { width: 80 }),
    timeColumn(),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 220,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(supplySkuPath('view', r.skuId))}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => navigate(supplySkuPath('edit', r.skuId))}>
            编辑
          </Button>
          {r.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => changeStatus(r, 2)}>
              停用
            </Button>
          ) : (
            <LockableAction locked={enableBlocker(r)} onClick={() => changeStatus(r, 1)}>
              启用
            </LockableAction>
          )}
          <DeleteAction
            blocker={r.status === 1 ? '启用中的SKU不能删除，请先停用' : null}
            title={`确认删除“${r.name}”？`}
            description="删除后该条码在此供应商下可再次使用。"
            onConfirm={() => remove(r)}
          />
        </Space>
      ),
    },
  ];

  return (
    <QueryList<SupplySkuRow>
      queryKey={[...SUPPLY_KEY, 'sku-list']}
      request={listLoader(supplySkuOps.list)}
      columns={columns}
      rowKey="skuId"
      title="供应链SKU"
      testId="supply-sku-list"
      exportable={{ operation: supplySkuOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(supplySkuPath('add'))}>
          创建SKU
        </Button>
      }
    />
  );
}
