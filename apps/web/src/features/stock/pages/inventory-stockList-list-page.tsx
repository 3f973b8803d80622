import { replenishCreateInput, replenishOrderOps, type ReplenishOrderRow } from '@merchant/contracts/stock/replenish-order';
import { replenishRuleOps } from '@merchant/contracts/stock/replenish-rule';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { createdAtColumn, timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { zodFormRule, zodRule } from '../../../shared/ui/zod-rule.ts';
import { useReplenishOrderActions } from '../components/replenish-order-actions.tsx';
import {
  FrontWarehouseSelect,
  ReplenishDeviceSelect,
  ReplenishOrderStatusTag,
  replenishDetailPath,
  replenishOrderStatusOptions,
} from '../components/replenish-parts.tsx';

interface CreateValues {
  deviceCode?: string;
  sourceKind: 'hub' | 'front';
  frontWarehouseId?: number;
}

/** 补货单 (inventory-stockList-list): newest first; 按规则生成, 手工补货; 派送 / 完成 / 取消 by state. */
export default function InventoryStockListListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const actions = useReplenishOrderActions();
  const [modalOpen, setModalOpen] = useState<'generate' | 'create' | null>(null);
  const [genForm] = Form.useForm<{ ruleId?: number }>();
  const [createForm] = Form.useForm<CreateValues>();
  const sourceKind = Form.useWatch('sourceKind', createForm);
  const rules = useQuery({
    queryKey: ['stock', 'replenish-rules', 'enabled'],
    queryFn: () => call(replenishRuleOps.list, { status: 1, pageSize: 200 }),
    enabled: modalOpen === 'generate',
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stock', 'replenish-order'] });
  const columns: ListColumn<ReplenishOrderRow>[] = [
    {
      key: 'orderCode',
      title: '单号',
      width: 150,
      render: (v) => <Link to={replenishDetailPath(String(v))}>{String(v)}</Link>,
      search: { type: 'text', maxLength: 20, order: 0 },
    },
    {
      key: 'deviceCode',
      title: '设备',
      width: 130,
      search: { type: 'custom', order: 1, render: () => <ReplenishDeviceSelect style={{ width: '100%' }} /> },
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v, r) => <ReplenishOrderStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: replenishOrderStatusOptions, order: 2 },
    },
    { key: 'ruleName', title: '补货规则', width: 140, ellipsis: true },
    { key: 'sourceName', title: '货源', width: 150, ellipsis: true },
    { key: 'lineCount', title: '货道数', width: 80, align: 'right' },
    { key: 'totalSent', title: '补货数量', width: 90, align: 'right' },
    { key: 'totalLoaded', title: '实装数量', width: 90, align: 'right', render: (v, r) => (r.status === 2 ? String(v) : '--') },
    { key: 'creatorName', title: '创建人', width: 100 },
    createdAtColumn(3),
    timeColumn('dispatchedAt', '派送时间'),
    timeColumn('completedAt', '完成时间'),
    rowActionsColumn(200, (r) => [
      { key: 'view', label: '查看', onClick: () => navigate(replenishDetailPath(r.orderCode)) },
      { key: 'dispatch', label: '派送', show: r.actions.includes('dispatch'), onClick: () => actions.dispatch(r) },
      { key: 'complete', label: '完成', show: r.actions.includes('complete'), onClick: () => actions.complete(r) },
      { key: 'cancel', label: '取消', show: r.actions.includes('cancel'), onClick: () => actions.cancel(r), danger: true },
    ]),
  ];
  return (
    <>
      <QueryList<ReplenishOrderRow>
        queryKey={['stock', 'replenish-order', 'list']}
        paging="keyset"
        request={listLoader(replenishOrderOps.list)}
        columns={columns}
        rowKey="orderCode"
        title="补货单"
        testId="replenish-order-list"
        exportable={{ operation: replenishOrderOps.list }}
        emptyText="还没有补货单"
        toolbar={
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                genForm.resetFields();
                setModalOpen('generate');
              }}
            >
              按规则生成
            </Button>
            <Button
              icon={<PlusOutlined />}
              onClick={() => {
                createForm.resetFields();
                setModalOpen('create');
              }}
            >
              手工补货
            </Button>
          </Space>
        }
      />
      {actions.modals}
      {modalOpen === 'generate' ? (
        <FormModal<{ ruleId?: number }, { orders: unknown[]; skippedDevices: string[] }>
          form={genForm}
          name="replenish-generate"
          title="按规则生成补货单"
          okText="生成"
          width={520}
          initialValues={{}}
          onSubmit={(v) => call(replenishOrderOps.generate, { ruleId: Number(v.ruleId ?? 0) })}
          onSaved={(res) => {
            message.success(
              `已生成 ${res.orders.length} 张补货单${res.skippedDevices.length ? `，${res.skippedDevices.length} 台设备已有未完成的补货单，已跳过` : ''}`,
            );
            setModalOpen(null);
            void reload();
          }}
          onClose={() => setModalOpen(null)}
        >
          <p style={{ color: 'rgba(0,0,0,0.65)' }}>为规则覆盖的设备中需要补货的智能柜各生成一张补货单。</p>
          <Form.Item label="补货规则" name="ruleId" required rules={[{ required: true, message: '请选择补货规则' }]}>
            <Select
              placeholder="选择启用的补货规则"
              loading={rules.isLoading}
              options={(rules.data?.list ?? []).map((r) => ({
                value: r.id,
                label: `${r.name}（${r.triggerText}，补到${r.fillToName}，${r.sourceName}）`,
              }))}
            />
          </Form.Item>
        </FormModal>
      ) : null}
      {modalOpen === 'create' ? (
        <FormModal<CreateValues, { orderCode: string }>
          form={createForm}
          name="replenish-create"
          title="手工补货"
          okText="生成补货单"
          width={520}
          initialValues={{ sourceKind: 'hub' }}
          onSubmit={(v) =>
            call(replenishOrderOps.create, {
              deviceCode: v.deviceCode ?? '',
              sourceKind: v.sourceKind,
              frontWarehouseId: v.sourceKind === 'front' ? Number(v.frontWarehouseId ?? 0) : 0,
            })
          }
          onSaved={(s) => {
            message.success(`补货单 ${s.orderCode} 已生成`);
            setModalOpen(null);
            void navigate(replenishDetailPath(s.orderCode));
          }}
          onClose={() => setModalOpen(null)}
        >
          <p style={{ color: 'rgba(0,0,0,0.65)' }}>该设备可用库存低于补满量的货道都补到补满量。</p>
          <Form.Item label="设备" name="deviceCode" required rules={[zodRule(replenishCreateInput.shape.deviceCode)]}>
            <ReplenishDeviceSelect />
          </Form.Item>
          <Form.Item label="货源" name="sourceKind" required>
            <Radio.Group
              options={[
                { value: 'hub', label: '库存中心' },
                { value: 'front', label: '前置仓' },
              ]}
            />
          </Form.Item>
          {sourceKind === 'front' ? (
            <Form.Item label="前置仓" name="frontWarehouseId" required rules={[zodFormRule(replenishCreateInput, 'frontWarehouseId')]}>
              <FrontWarehouseSelect />
            </Form.Item>
          ) : null}
        </FormModal>
      ) : null}
    </>
  );
}
