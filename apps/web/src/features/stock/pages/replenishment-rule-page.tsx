import { replenishOrderOps } from '@merchant/contracts/stock/replenish-order';
import { replenishRuleOps, type ReplenishRuleRow } from '@merchant/contracts/stock/replenish-rule';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import {
  REPLENISH_LIST_PATH,
  ReplenishHistoryDrawer,
  ReplenishRuleStatusTag,
  replenishRuleStatusOptions,
  replenishSourceOptions,
} from '../components/replenish-parts.tsx';
import { ReplenishRuleForm } from '../components/replenish-rule-form.tsx';

/**
 * 补货规则 (replenishment-rule): the merchant's rules (tens: offset paging, exportable); 新增 / 编辑 / 启用 / 停用 /
 * 生成补货单 as the row's `actions` allow; 历史.
 */
export default function ReplenishmentRulePage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ReplenishRuleRow | 'new' | null>(null);
  const [historyOf, setHistoryOf] = useState<ReplenishRuleRow | null>(null);
  // the prefix also covers the 补货单 page's picker of enabled rules
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stock', 'replenish-rules'] });
  const toggle = (r: ReplenishRuleRow, enable: boolean) => {
    modal.confirm({
      title: `确认${enable ? '启用' : '停用'}补货规则“${r.name}”？`,
      content: enable ? '启用后可按该规则生成补货单。' : '停用后不能再按该规则生成补货单，已生成的补货单不受影响。',
      okButtonProps: { danger: !enable },
      onOk: async () => {
        await call(enable ? replenishRuleOps.enable : replenishRuleOps.disable, { id: r.id, version: r.version });
        message.success(enable ? '已启用' : '已停用');
        await reload();
      },
    });
  };
  const generate = (r: ReplenishRuleRow) =>
    modal.confirm({
      title: `按规则“${r.name}”生成补货单？`,
      content: `为${r.deviceCodes.length ? `设备 ${r.deviceCodes.join('、')}` : '全部设备'}中需要补货的智能柜各生成一张补货单（已有未完成补货单的设备跳过），货源：${r.sourceName}。`,
      okText: '生成',
      onOk: async () => {
        try {
          const res = await call(replenishOrderOps.generate, { ruleId: r.id });
          message.success(
            `已生成 ${res.orders.length} 张补货单${res.skippedDevices.length ? `，${res.skippedDevices.length} 台设备已有未完成的补货单，已跳过` : ''}`,
          );
          if (res.orders.length) void navigate(REPLENISH_LIST_PATH);
        } catch {
          // the catalogue showed the reason (e.g. 没有需要补货的货道)
        }
      },
    });
  const columns: ListColumn<ReplenishRuleRow>[] = [
    {
      key: 'name',
      title: '规则名称',
      width: 160,
      sortable: true,
      search: { type: 'text', maxLength: 30, placeholder: '规则名称', order: 0 },
    },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (v) => <ReplenishRuleStatusTag status={Number(v)} />,
      search: { type: 'select', options: replenishRuleStatusOptions, order: 1 },
    },
    { key: 'triggerText', title: '触发条件', width: 150 },
    { key: 'fillToName', title: '补货目标', width: 100 },
    { key: 'minLot', title: '最小补货量', width: 100, align: 'right' },
    { key: 'sourceName', title: '货源', width: 180 },
    { key: 'sourceKind', title: '货源', hideInTable: true, search: { type: 'select', options: replenishSourceOptions, order: 2 } },
    {
      key: 'deviceCodes',
      title: '覆盖设备',
      width: 200,
      ellipsis: true,
      render: (_v, r) => (r.deviceCodes.length ? r.deviceCodes.join('、') : '全部设备'),
    },
    { key: 'remark', title: '备注', width: 180, ellipsis: true, render: (v) => (v ? String(v) : '--') },
    timeColumn('createdAt', '创建时间', { sortable: true }),
    timeColumn('updatedAt', '更新时间'),
    rowActionsColumn(260, (r) => [
      { key: 'generate', label: '生成补货单', show: r.actions.includes('generate'), onClick: () => generate(r) },
      { key: 'edit', label: '编辑', show: r.actions.includes('edit'), onClick: () => setEditing(r) },
      { key: 'enable', label: '启用', show: r.actions.includes('enable'), onClick: () => toggle(r, true) },
      { key: 'disable', label: '停用', show: r.actions.includes('disable'), onClick: () => toggle(r, false), danger: true },
      { key: 'history', label: '历史', onClick: () => setHistoryOf(r) },
    ]),
  ];
  return (
    <>
      <QueryList<ReplenishRuleRow>
        queryKey={['stock', 'replenish-rules', 'list']}
        request={listLoader(replenishRuleOps.list)}
        columns={columns}
        rowKey="id"
        title="补货规则"
        testId="replenish-rule-table"
        exportable={{ operation: replenishRuleOps.list }}
        emptyText="还没有补货规则"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增补货规则
          </Button>
        }
      />
      {editing ? (
        <ReplenishRuleForm
          editing={editing === 'new' ? null : editing}
          onSaved={() => {
            message.success(editing === 'new' ? '补货规则已新增' : '补货规则已保存');
            setEditing(null);
            void reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ReplenishHistoryDrawer
        title={historyOf ? `变更记录：${historyOf.name}` : ''}
        operation={replenishRuleOps.history}
        input={historyOf ? { id: historyOf.id } : null}
        onClose={() => setHistoryOf(null)}
      />
    </>
  );
}
