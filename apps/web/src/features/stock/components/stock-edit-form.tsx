import { LOCK_ABOVE_STOCK_MESSAGE, stockEditFields, type StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import { App, Button, Descriptions, Form, Input, InputNumber, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { BeforeAfter, SignedQuantity } from './stock-balance-parts.tsx';

export interface StockEditValues {
  stock: number;
  lockStock: number;
  reason: string;
}

/** What an edit would change: each number before → after and the difference. */
export function editPreview(current: Pick<StockBalanceRow, 'onHand' | 'locked'>, v: Partial<StockEditValues>) {
  const stock = typeof v.stock === 'number' ? v.stock : current.onHand;
  const lockStock = typeof v.lockStock === 'number' ? v.lockStock : current.locked;
  return [
    { key: 'onHand', label: '现有库存', before: current.onHand, after: stock },
    { key: 'locked', label: '锁定库存', before: current.locked, after: lockStock },
    { key: 'available', label: '可用库存', before: current.onHand - current.locked, after: stock - lockStock },
  ];
}

/**
 * 库存编辑's form: the new 现有库存 and 锁定库存 and the reason, checked by the contract's rules (锁定库存 ≤ 库存), with the
 * change preview; submitting asks for confirmation first. `onDirty` tells the page whether anything was typed.
 */
export function StockEditForm({
  current,
  proposed,
  saving,
  onSubmit,
  onDirty,
}: {
  current: Pick<StockBalanceRow, 'onHand' | 'locked' | 'skuName' | 'skuCode'>;
  /** New numbers a link proposes (spec §2: the route's `stock` / `lockStock`), filled in for the user to check. */
  proposed?: { stock?: number; lockStock?: number };
  saving?: boolean;
  onSubmit: (v: StockEditValues) => unknown;
  onDirty?: (dirty: boolean) => void;
}) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<StockEditValues>();
  const start = { stock: proposed?.stock ?? current.onHand, lockStock: proposed?.lockStock ?? current.locked };
  const [values, setValues] = useState<Partial<StockEditValues>>(start);
  const isDirty = (v: Partial<StockEditValues>) =>
    v.stock !== current.onHand || v.lockStock !== current.locked || Boolean(v.reason?.trim());
  // proposed numbers are unsaved changes from the start
  useEffect(() => {
    onDirty?.(isDirty(start));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const preview = editPreview(current, values);
  const unchanged = preview[0].before === preview[0].after && preview[1].before === preview[1].after;

  const submit = (v: StockEditValues) => {
    modal.confirm({
      title: '确认修改库存？',
      content: (
        <div data-testid="stock-edit-confirm">
          <p>
            {current.skuName}（{current.skuCode}）
          </p>
          {preview.map((p) => (
            <p key={p.key}>
              {p.label}：{p.before} → {p.after}
            </p>
          ))}
          <p>原因：{v.reason}</p>
        </div>
      ),
      okText: '确认修改',
      cancelText: '取消',
      onOk: () => onSubmit(v),
    });
  };

  return (
    <Form<StockEditValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ ...start, reason: '' }}
      onValuesChange={(_c, all) => {
        setValues(all);
        onDirty?.(isDirty(all));
      }}
      onFinish={submit}
    >
      <Form.Item label="现有库存" name="stock" required rules={[zodRule(stockEditFields.stock)]}>
        <InputNumber aria-label="现有库存" precision={0} min={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="锁定库存"
        name="lockStock"
        required
        dependencies={['stock']}
        rules={[
          zodRule(stockEditFields.lockStock),
          ({ getFieldValue }) => ({
            validator: async (_r, v: unknown) => {
              const stock = getFieldValue('stock') as unknown;
              if (typeof v === 'number' && typeof stock === 'number' && v > stock) throw new Error(LOCK_ABOVE_STOCK_MESSAGE);
            },
          }),
        ]}
        extra="锁定库存是已被订单或单据占用、不能再分配的数量，不能大于现有库存"
      >
        <InputNumber aria-label="锁定库存" precision={0} min={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="修改原因" name="reason" required rules={[zodRule(stockEditFields.reason)]}>
        <Input.TextArea aria-label="修改原因" rows={3} maxLength={200} showCount placeholder="如：盘点差异、破损报废、系统纠错" />
      </Form.Item>
      <Descriptions size="small" title="变动预览" column={1} />
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        style={{ marginBottom: 16 }}
        data-testid="stock-edit-preview"
        dataSource={preview}
        columns={[
          { key: 'label', dataIndex: 'label', title: '项目' },
          { key: 'change', title: '修改前 → 修改后', render: (_v, p) => <BeforeAfter before={p.before} after={p.after} /> },
          { key: 'diff', title: '变动', render: (_v, p) => <SignedQuantity value={p.after - p.before} /> },
        ]}
      />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} disabled={unchanged}>
          保存
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            setValues({ stock: current.onHand, lockStock: current.locked });
            onDirty?.(false);
          }}
        >
          重置
        </Button>
      </Space>
    </Form>
  );
}
