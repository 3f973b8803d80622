import { replenishOrderOps } from '@merchant/contracts/stock/replenish-order';
import { replenishRuleOps, type ReplenishRuleRow } from '@merchant/contracts/stock/replenish-rule';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../platform/call.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { REPLENISH_LIST_PATH, ReplenishHistoryDrawer, ReplenishRuleStatusTag } from '../components/replenish-parts.tsx';
import { ReplenishRuleForm } from '../components/replenish-rule-form.tsx';

/** 补货规则 (replenishment-rule): the merchant's rules (tens: one list); 新增 / 编辑 / 启用 / 停用 / 生成补货单 / 历史. */
export default function ReplenishmentRulePage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ReplenishRuleRow | 'new' | null>(null);
  const [historyOf, setHistoryOf] = useState<ReplenishRuleRow | null>(null);
  const q = useQuery({ queryKey: ['stock', 'replenish-rules'], queryFn: () => call(replenishRuleOps.list, {}) });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stock', 'replenish-rules'] });
  const toggle = (r: ReplenishRuleRow) => {
    const enable = r.status !== 1;
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
  return (
    <Card
      variant="borderless"
      title="补货规则"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增补货规则
        </Button>
      }
    >
      <Table<ReplenishRuleRow>
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 1300 }}
        data-testid="replenish-rule-table"
        locale={{ emptyText: '还没有补货规则' }}
        columns={[
          { key: 'name', title: '规则名称', dataIndex: 'name', width: 160 },
          { key: 'status', title: '状态', width: 80, render: (_v, r) => <ReplenishRuleStatusTag status={r.status} /> },
          { key: 'trigger', title: '触发条件', dataIndex: 'triggerText', width: 150 },
          { key: 'fillTo', title: '补货目标', dataIndex: 'fillToName', width: 100 },
          { key: 'minLot', title: '最小补货量', dataIndex: 'minLot', width: 100, align: 'right' },
          { key: 'source', title: '货源', dataIndex: 'sourceName', width: 180 },
          {
            key: 'devices',
            title: '覆盖设备',
            width: 200,
            ellipsis: true,
            render: (_v, r) => (r.deviceCodes.length ? r.deviceCodes.join('、') : '全部设备'),
          },
          { key: 'updatedAt', title: '更新时间', width: 170, render: (_v, r) => formatDateTime(r.updatedAt) },
          {
            key: 'actions',
            title: '操作',
            width: 260,
            fixed: 'right',
            render: (_v, r) => (
              <Space size={0}>
                {r.status === 1 ? (
                  <Button type="link" size="small" onClick={() => generate(r)}>
                    生成补货单
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button type="link" size="small" danger={r.status === 1} onClick={() => toggle(r)}>
                  {r.status === 1 ? '停用' : '启用'}
                </Button>
                <Button type="link" size="small" onClick={() => setHistoryOf(r)}>
                  历史
                </Button>
              </Space>
            ),
          },
        ]}
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
    </Card>
  );
}
