import { frontWarehouseOps, type FrontWarehouseRow } from '@merchant/contracts/stock/front-warehouse';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { MaskedPhone } from '../../../shared/ui/masked-phone.tsx';
import { FrontWarehouseFormModal } from '../components/front-warehouse-form-modal.tsx';
import { FrontWarehouseHistoryDrawer } from '../components/front-warehouse-history-drawer.tsx';
import {
  FrontWarehouseRegionCascader,
  FrontWarehouseStatusTag,
  frontWarehouseStatusOptions,
} from '../components/front-warehouse-parts.tsx';

/** 仓主管理 (entrepot-owner-list): the front warehouses, their owners and addresses; 新增 / 编辑 / 启用 / 停用 / 历史. */
export default function EntrepotOwnerListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FrontWarehouseRow | 'new' | null>(null);
  const [historyOf, setHistoryOf] = useState<FrontWarehouseRow | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stock', 'front-warehouse-list'] });
  const toggle = (r: FrontWarehouseRow) => {
    const enable = r.status !== 1;
    modal.confirm({
      title: `确认${enable ? '启用' : '停用'}前置仓“${r.name}”？`,
      content: enable ? '启用后可在入库单、退货单中选择该前置仓。' : '停用后不能再为它开入库单、退货单；仍有库存的前置仓不能停用。',
      okButtonProps: { danger: !enable },
      onOk: async () => {
        await call(enable ? frontWarehouseOps.enable : frontWarehouseOps.disable, { id: r.id, version: r.version });
        message.success(enable ? '已启用' : '已停用');
        await reload();
      },
    });
  };
  const columns: ListColumn<FrontWarehouseRow>[] = [
    { key: 'warehouseCode', title: '前置仓编号', width: 130 },
    { key: 'name', title: '前置仓名称', width: 180, sortable: true },
    {
      key: 'keyword',
      title: '前置仓',
      hideInTable: true,
      search: { type: 'text', maxLength: 30, placeholder: '名称或编号', order: 0 },
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <FrontWarehouseStatusTag status={Number(v)} />,
      search: { type: 'select', options: frontWarehouseStatusOptions, order: 2 },
    },
    { key: 'ownerName', title: '仓主', width: 100 },
    {
      key: 'ownerPhone',
      title: '仓主手机号',
      width: 150,
      render: (v, r) => (
        <MaskedPhone
          value={String(v ?? '')}
          canReveal
          reveal={() => call(frontWarehouseOps.revealPhone, { id: r.id }).then((x) => x.phone)}
        />
      ),
    },
    {
      key: 'owner',
      title: '仓主',
      hideInTable: true,
      search: { type: 'text', maxLength: 20, placeholder: '仓主姓名或手机号', order: 1 },
    },
    { key: 'contactTel', title: '联系电话', width: 140, render: (v) => (v ? String(v) : '--') },
    {
      key: 'region',
      title: '所在地区',
      width: 190,
      render: (_v, r) => [r.province, r.city === r.province ? '' : r.city, r.district].filter(Boolean).join(' '),
      search: {
        type: 'custom',
        order: 3,
        render: () => <FrontWarehouseRegionCascader changeOnSelect placeholder="省 / 市 / 区县" />,
      },
    },
    { key: 'address', title: '详细地址', width: 240, ellipsis: true },
    { key: 'area', title: '面积（㎡）', width: 100, align: 'right', render: (v) => (Number(v) > 0 ? Number(v) : '--') },
    { key: 'remark', title: '备注', width: 180, ellipsis: true, render: (v) => (v ? String(v) : '--') },
    timeColumn('createdAt', '创建时间', { sortable: true }),
    rowActionsColumn(200, (r) => [
      { key: 'edit', label: '编辑', onClick: () => setEditing(r) },
      { key: 'toggle', label: r.status === 1 ? '停用' : '启用', onClick: () => toggle(r), danger: r.status === 1 },
      { key: 'history', label: '历史', onClick: () => setHistoryOf(r) },
    ]),
  ];
  return (
    <>
      <QueryList<FrontWarehouseRow>
        queryKey={['stock', 'front-warehouse-list']}
        request={listLoader(frontWarehouseOps.list)}
        columns={columns}
        rowKey="id"
        title="前置仓"
        testId="front-warehouse-list"
        exportable={{ operation: frontWarehouseOps.list }}
        emptyText="还没有前置仓"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增前置仓
          </Button>
        }
      />
      {editing ? (
        <FrontWarehouseFormModal
          editing={editing === 'new' ? null : editing}
          onSaved={() => {
            message.success(editing === 'new' ? '前置仓已新增' : '前置仓已保存');
            setEditing(null);
            void reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <FrontWarehouseHistoryDrawer warehouse={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
