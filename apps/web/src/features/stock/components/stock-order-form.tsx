import {
  MAX_STOCK_ORDER_LINES,
  STOCK_ORDER_COUNTERPARTY,
  STOCK_ORDER_TYPES,
  lineQuantitySchema,
  stockOrderFields,
  stockOrderLinesSchema,
  unitCostSchema,
  type StockOrderDetail,
  type StockOrderType,
  type StockSkuOption,
} from '@merchant/contracts/stock/stock-order';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { centsToYuan, centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { yuanSchema, zodRule } from '../../../shared/ui/zod-rule.ts';
import { useStockOrderBook } from './stock-order-book.tsx';
import { FrontWarehouseSelect } from './front-warehouse-select.tsx';
import { StockOrderSkuSelect } from './stock-order-sku-select.tsx';

const counterpartyRule = zodRule(stockOrderFields.counterparty);
const remarkRule = zodRule(stockOrderFields.remark);
const quantityRule = zodRule(lineQuantitySchema);
const costInYuan = yuanSchema(unitCostSchema);
/** 单价 may be left empty (0); when typed it is checked in 分 by the contract's rule. */
const unitCostRule = zodRule({
  safeParse: (v: unknown) => (v === undefined || v === null || v === '' ? { success: true } : costInYuan.safeParse(v)),
});
const skuRule = { required: true, message: '请选择SKU' };
const warehouseRule = { required: true, message: '请选择前置仓' };

/** One line as the form holds it: the unit cost in 元. */
export interface FormLine {
  skuId?: number;
  quantity?: number;
  unitCost?: number;
}
export interface StockOrderFormValues {
  /** 前置仓 books: the warehouse of a new order. */
  warehouseId?: number;
  counterparty: string;
  remark: string;
  lines: FormLine[];
}

/** The form's values as the operation's lines (元 → 分), checked by the contract's own rule (no duplicate SKU, 1..200). */
export function toLines(lines: FormLine[]): { lines: { skuId: number; quantity: number; unitCost: number }[]; error?: string } {
  const out = lines.map((l) => ({ skuId: Number(l.skuId), quantity: Number(l.quantity), unitCost: yuanToCents(l.unitCost) ?? 0 }));
  const r = stockOrderLinesSchema.safeParse(out);
  return r.success ? { lines: out } : { lines: out, error: r.error.issues[0]?.message };
}

/**
 * 新建 / 编辑入库单（退货单）: who it is from (or goes to), a remark, and the lines — a SKU picked by search, a quantity
 * and a unit cost in 元 (the amount shown as typed). 保存 keeps it a draft and opens its page, where it is confirmed.
 * Leaving a changed form asks first.
 */
export function StockOrderForm({ type, draft }: { type: StockOrderType; draft?: StockOrderDetail }) {
  const book = useStockOrderBook();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StockOrderFormValues>();
  const [known, setKnown] = useState(
    () =>
      new Map<number, StockSkuOption>(
        (draft?.lines ?? []).map((l) => [l.skuId, { skuId: l.skuId, skuCode: l.skuCode, skuName: l.skuName, barcode: l.barcode }]),
      ),
  );
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty && !saving);
  const typeName = STOCK_ORDER_TYPES[type];
  const initial = useMemo<StockOrderFormValues>(
    () =>
      draft
        ? {
            counterparty: draft.counterparty,
            remark: draft.remark,
            lines: draft.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity, unitCost: centsToYuanValue(l.unitCost) })),
          }
        : { counterparty: '', remark: '', lines: [{}] },
    [draft],
  );
  const lines = (Form.useWatch('lines', form) ?? initial.lines) as FormLine[];
  const chosen = new Set(lines.map((l) => l?.skuId).filter((v): v is number => v !== undefined));
  const totalQuantity = lines.reduce((n, l) => n + (Number(l?.quantity) || 0), 0);
  const totalAmount = lines.reduce((n, l) => n + (Number(l?.quantity) || 0) * (yuanToCents(l?.unitCost) ?? 0), 0);

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as StockOrderFormValues;
    const { lines: out, error } = toLines(v.lines ?? []);
    if (error) {
      message.error(error);
      return;
    }
    setSaving(true);
    try {
      const fields = { counterparty: v.counterparty, remark: v.remark ?? '', lines: out };
      const s = draft
        ? await call(book.ops.update, { orderCode: draft.orderCode, version: draft.version, ...fields })
        : await call(book.ops.create, { orderType: type, ...(book.pickWarehouse ? { warehouseId: v.warehouseId } : {}), ...fields });
      message.success(`${typeName}已保存为草稿`);
      setDirty(false);
      allowLeave();
      await queryClient.invalidateQueries({ queryKey: ['stock-order'] });
      navigate(book.detail(s.orderCode), { replace: true });
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<StockOrderFormValues>
      form={form}
      layout="vertical"
      name="stock-order-form"
      initialValues={initial}
      onValuesChange={() => setDirty(true)}
      aria-label={typeName}
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={<span data-testid="stock-order-title">{draft ? `编辑${typeName} ${draft.orderCode}` : `新建${typeName}`}</span>}
        >
          {book.pickWarehouse ? (
            draft ? (
              <Form.Item label="前置仓" style={{ maxWidth: 480 }}>
                <Typography.Text data-testid="stock-order-warehouse">{draft.locationName}</Typography.Text>
              </Form.Item>
            ) : (
              <Form.Item label="前置仓" name="warehouseId" required rules={[warehouseRule]} style={{ maxWidth: 480 }}>
                <FrontWarehouseSelect />
              </Form.Item>
            )
          ) : null}
          <Form.Item
            label={STOCK_ORDER_COUNTERPARTY[type]}
            name="counterparty"
            required
            rules={[counterpartyRule]}
            style={{ maxWidth: 480 }}
          >
            <Input maxLength={60} placeholder={type === 'return' ? '例如：退回华东食品供应商' : '例如：华东食品供应商'} />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[remarkRule]} style={{ maxWidth: 720 }}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Card>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Card
              variant="borderless"
              title="商品明细"
              extra={
                <Space>
                  <Typography.Text type="secondary" data-testid="stock-order-totals">
                    共 {fields.length} 行，{totalQuantity} 件，金额 {centsToYuan(totalAmount)} 元
                  </Typography.Text>
                  <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_STOCK_ORDER_LINES} onClick={() => add({})}>
                    添加商品
                  </Button>
                </Space>
              }
            >
              <Table
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={fields}
                locale={{ emptyText: '请添加商品明细' }}
                data-testid="stock-order-lines"
                columns={[
                  {
                    key: 'sku',
                    title: 'SKU',
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'skuId']} rules={[skuRule]} style={{ margin: 0, minWidth: 260 }}>
                        <StockOrderSkuSelect
                          known={known}
                          disabledIds={chosen}
                          onPicked={(s) => setKnown((now) => new Map(now).set(s.skuId, s))}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'barcode',
                    title: '条码',
                    width: 150,
                    render: (_v, f) => known.get(lines[f.name]?.skuId ?? 0)?.barcode ?? '--',
                  },
                  {
                    key: 'quantity',
                    title: '数量',
                    width: 140,
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'quantity']} rules={[quantityRule]} style={{ margin: 0 }}>
                        <InputNumber min={1} precision={0} style={{ width: 120 }} aria-label={`第${f.name + 1}行数量`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'unitCost',
                    title: '单价（元）',
                    width: 160,
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'unitCost']} rules={[unitCostRule]} style={{ margin: 0 }}>
                        <InputNumber min={0} precision={2} style={{ width: 140 }} aria-label={`第${f.name + 1}行单价`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'amount',
                    title: '金额（元）',
                    width: 120,
                    align: 'right',
                    render: (_v, f) => {
                      const l = lines[f.name];
                      return centsToYuan((Number(l?.quantity) || 0) * (yuanToCents(l?.unitCost) ?? 0));
                    },
                  },
                  {
                    key: 'actions',
                    title: '操作',
                    width: 70,
                    render: (_v, f) => (
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => {
                          remove(f.name);
                          setDirty(true);
                        }}
                        aria-label={`移除第${f.name + 1}行`}
                      />
                    ),
                  },
                ]}
              />
            </Card>
          )}
        </Form.List>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存草稿
          </Button>
          <Button onClick={() => navigate(draft ? book.detail(draft.orderCode) : book.list)}>返回</Button>
        </Space>
      </Space>
    </Form>
  );
}
