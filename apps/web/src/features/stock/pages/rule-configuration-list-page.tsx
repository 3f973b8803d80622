import { replenishSlotBatchInput, replenishSlotOps, type ReplenishSlotRow } from '@merchant/contracts/stock/replenish-slot';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { call, listLoader } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { ReplenishDeviceSelect, ReplenishHistoryDrawer } from '../components/replenish-parts.tsx';
import { ReplenishSlotForm } from '../components/replenish-slot-form.tsx';

interface BatchValues {
  deviceCode?: string;
  minPercent: number | null;
  maxPercent: number | null;
}
const batchShape = replenishSlotBatchInput.shape;

/** 规则配置 (rule-configuration-list): every cabinet slot's 补货线 / 补满量 with its stock; 设置 one, 按设备批量设置. */
export default function RuleConfigurationListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ReplenishSlotRow | null>(null);
  const [batch, setBatch] = useState(false);
  const [historyOf, setHistoryOf] = useState<ReplenishSlotRow | null>(null);
  const [form] = Form.useForm<BatchValues>();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stock', 'replenish-slot-list'] });
  const columns: ListColumn<ReplenishSlotRow>[] = [
    {
      key: 'deviceCode',
      title: '设备',
      width: 140,
      sortable: true,
      search: { type: 'custom', order: 0, render: () => <ReplenishDeviceSelect style={{ width: '100%' }} /> },
    },
    { key: 'slotNo', title: '货道', width: 80 },
    { key: 'skuCode', title: 'SKU编码', width: 130 },
    { key: 'skuName', title: 'SKU名称', width: 200, ellipsis: true },
    { key: 'sku', title: 'SKU', hideInTable: true, search: { type: 'text', maxLength: 60, placeholder: '名称、编码或条码', order: 1 } },
    { key: 'capacity', title: '容量', width: 80, align: 'right' },
    {
      key: 'minLevel',
      title: '补货线',
      width: 100,
      align: 'right',
      render: (v, r) => (
        <span>
          {String(v)} {r.configured ? null : <Tag>默认</Tag>}
        </span>
      ),
    },
    { key: 'maxLevel', title: '补满量', width: 90, align: 'right' },
    { key: 'onHand', title: '现有', width: 80, align: 'right' },
    {
      key: 'available',
      title: '可用',
      width: 90,
      align: 'right',
      render: (v, r) => (r.belowMin ? <Tag color="red">{String(v)}</Tag> : String(v)),
    },
    {
      key: 'belowMin',
      title: '只看低于补货线',
      hideInTable: true,
      search: {
        type: 'select',
        order: 2,
        options: [{ value: 'true', label: '是' }],
      },
    },
    {
      key: 'actions',
      title: '操作',
      width: 140,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            设置
          </Button>
          <Button type="link" size="small" onClick={() => setHistoryOf(r)}>
            历史
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <QueryList<ReplenishSlotRow>
        queryKey={['stock', 'replenish-slot-list']}
        request={listLoader(replenishSlotOps.list)}
        columns={columns}
        rowKey={(r) => `${r.deviceCode}-${r.slotNo}`}
        title="货道补货配置"
        testId="replenish-slot-list"
        exportable={{ operation: replenishSlotOps.list }}
        emptyText="还没有配置货道商品的智能柜"
        toolbar={
          <Button
            type="primary"
            onClick={() => {
              form.resetFields();
              setBatch(true);
            }}
          >
            按设备批量设置
          </Button>
        }
      />
      {editing ? (
        <ReplenishSlotForm
          slot={editing}
          onSaved={() => {
            message.success('补货线已保存');
            setEditing(null);
            void reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {batch ? (
        <FormModal<BatchValues, unknown>
          form={form}
          name="replenish-slot-batch"
          title="按设备批量设置补货线"
          width={520}
          initialValues={{ minPercent: 30, maxPercent: 100 }}
          onSubmit={async (v) => {
            const deviceCode = v.deviceCode ?? '';
            const d = (await call(replenishSlotOps.devices, {})).find((x) => x.deviceCode === deviceCode);
            // the batch overwrites every slot of the cabinet: say how many, and how many had their own settings
            await new Promise<void>((resolve, reject) =>
              modal.confirm({
                title: `覆盖设备${deviceCode}全部${d?.slotCount ?? 0}个货道的补货线？`,
                content: d?.configuredCount
                  ? `其中${d.configuredCount}个货道已单独设置过，将被覆盖为按容量的${v.minPercent}% / ${v.maxPercent}%。`
                  : `将全部设置为按容量的${v.minPercent}% / ${v.maxPercent}%。`,
                okText: '确认覆盖',
                cancelText: '再想想',
                onOk: () => resolve(),
                onCancel: () => reject(new Error('cancelled')),
              }),
            );
            return call(replenishSlotOps.batchSet, { deviceCode, minPercent: Number(v.minPercent), maxPercent: Number(v.maxPercent) });
          }}
          onSaved={() => {
            message.success('已按设备设置全部货道');
            setBatch(false);
            void reload();
          }}
          onClose={() => setBatch(false)}
        >
          <p style={{ color: 'rgba(0,0,0,0.65)' }}>按每个货道容量的百分比（向下取整）设置该设备全部货道的补货线和补满量。</p>
          <Form.Item label="设备" name="deviceCode" required rules={[zodRule(batchShape.deviceCode)]}>
            <ReplenishDeviceSelect />
          </Form.Item>
          <Form.Item label="补货线（容量%）" name="minPercent" required rules={[zodRule(batchShape.minPercent)]}>
            <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="补满量（容量%）" name="maxPercent" required rules={[zodRule(batchShape.maxPercent)]}>
            <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} />
          </Form.Item>
        </FormModal>
      ) : null}
      <ReplenishHistoryDrawer
        title={historyOf ? `变更记录：${historyOf.deviceCode} 货道${historyOf.slotNo}` : ''}
        operation={replenishSlotOps.history}
        input={historyOf ? { deviceCode: historyOf.deviceCode, slotNo: historyOf.slotNo } : null}
        onClose={() => setHistoryOf(null)}
      />
    </>
  );
}
