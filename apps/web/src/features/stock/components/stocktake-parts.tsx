import {
  STOCKTAKE_STATUS,
  STOCKTAKE_STATUS_COLORS,
  stocktakeCreateInput,
  stocktakeOps,
  stocktakeReasonInput,
  type StocktakeStatus,
} from '@merchant/contracts/stock/stocktake';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import type { ListOption } from '../../../shared/ui/list/list-columns.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

// 盘点单 (check-stockList-list): status tag and options, the cabinet picker, the 新建 and reason (退回 / 作废) modals.

export const stocktakeStatusOptions: ListOption[] = Object.entries(STOCKTAKE_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));

export function StocktakeStatusTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={STOCKTAKE_STATUS_COLORS[status as StocktakeStatus] ?? 'default'} data-testid="stocktake-status">
      {name ?? STOCKTAKE_STATUS[status as StocktakeStatus] ?? status}
    </Tag>
  );
}

/** A cabinet with slot stock (stock.stocktake.deviceOptions), by code or name. */
export function StocktakeDeviceSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string | undefined) => void;
}) {
  const q = useQuery({ queryKey: ['stocktake', 'devices'], queryFn: () => call(stocktakeOps.deviceOptions, {}), staleTime: 30_000 });
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isLoading}
      placeholder="选择智能柜"
      style={{ minWidth: 220 }}
      options={(q.data ?? []).map((d) => ({
        value: d.deviceCode,
        label: `${d.deviceName ? `${d.deviceName}（${d.deviceCode}）` : d.deviceCode} · ${d.slotCount}个货道`,
      }))}
    />
  );
}

const deviceRule = zodRule(stocktakeCreateInput.shape.deviceCode);
const remarkRule = zodRule(stocktakeCreateInput.shape.remark);
const reasonRule = zodRule(stocktakeReasonInput.shape.reason);

/** 新建盘点单: a cabinet and a remark; the new stocktake's code to `onCreated`. */
export function StocktakeCreateModal({ onClose, onCreated }: { onClose: () => void; onCreated: (code: string) => void }) {
  const [form] = Form.useForm<{ deviceCode: string; remark: string }>();
  return (
    <FormModal<{ deviceCode: string; remark: string }, { stocktakeCode: string }>
      form={form}
      name="stocktake-create"
      title="新建盘点单"
      okText="开始盘点"
      width={520}
      initialValues={{ remark: '' }}
      onSubmit={(v) => call(stocktakeOps.create, { deviceCode: v.deviceCode, remark: v.remark ?? '' })}
      onSaved={(s) => onCreated(s.stocktakeCode)}
      onClose={onClose}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>新建时记录该智能柜每个货道的系统库存（快照），盘点差异 = 实盘数 − 快照数。</p>
      <Form.Item label="智能柜" name="deviceCode" required rules={[deviceRule]}>
        <StocktakeDeviceSelect />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[remarkRule]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** 退回 / 作废 with a reason: `open(kind)` shows the modal; `send(kind, reason)` does the call. */
export function useReasonModal(
  send: (kind: 'reject' | 'void', reason: string) => Promise<unknown>,
  onDone: (kind: 'reject' | 'void') => void,
) {
  const [kind, setKind] = useState<'reject' | 'void' | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const modal = kind ? (
    <FormModal<{ reason: string }, unknown>
      form={form}
      name="stocktake-reason"
      title={kind === 'reject' ? '退回盘点单' : '作废盘点单'}
      okText={kind === 'reject' ? '退回重盘' : '确认作废'}
      width={520}
      initialValues={{ reason: '' }}
      onSubmit={(v) => send(kind, v.reason)}
      onSaved={() => {
        onDone(kind);
        setKind(null);
      }}
      onClose={() => setKind(null)}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>
        {kind === 'reject' ? '退回后盘点单回到「盘点中」，可修改盘点数后重新提交。' : '作废后不会记入任何库存变化，且不可恢复。'}
      </p>
      <Form.Item label={kind === 'reject' ? '退回原因' : '作废原因'} name="reason" required rules={[reasonRule]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  ) : null;
  return {
    open: (k: 'reject' | 'void') => {
      form.resetFields();
      setKind(k);
    },
    modal,
  };
}
