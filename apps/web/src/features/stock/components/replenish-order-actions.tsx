import {
  replenishCancelInput,
  replenishCompleteInput,
  replenishOrderOps,
  type ReplenishOrderDetail,
  type ReplenishOrderRow,
} from '@merchant/contracts/stock/replenish-order';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Table } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

/** A line's 实装数量 as the server checks it. */
const loadedSchema = replenishCompleteInput.shape.lines.element.shape.loaded;

type Order = Pick<ReplenishOrderRow, 'orderCode' | 'version' | 'deviceCode' | 'sourceName' | 'lineCount' | 'totalSent' | 'status'>;
const cancelReasonRule = zodRule(replenishCancelInput.shape.cancelReason);

/** 派送 (asked first: stock leaves the source), 完成 (the loaded quantity of every slot), 取消 (with its reason). */
export function useReplenishOrderActions() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [completing, setCompleting] = useState<ReplenishOrderDetail | null>(null);
  const [cancelForm] = Form.useForm<{ cancelReason: string }>();
  const [completeForm] = Form.useForm<{ loaded: Record<string, number | null> }>();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stock', 'replenish-order'] });

  const dispatch = (o: Order) =>
    modal.confirm({
      title: `派送补货单 ${o.orderCode}？`,
      content: `派送后将从${o.sourceName}扣减生成时已锁定的 ${o.lineCount} 个货道共 ${o.totalSent} 件，送往设备 ${o.deviceCode}。配送途中取消的，货物退回${o.sourceName}。`,
      okText: '派送',
      onOk: async () => {
        try {
          await call(replenishOrderOps.dispatch, { orderCode: o.orderCode, version: o.version });
          message.success('补货单已派送，货源库存已扣减');
        } catch {
          // the catalogue showed the reason (e.g. 库存不足)
        }
        await reload();
      },
    });

  const complete = async (o: Order) => {
    const d = await call(replenishOrderOps.detail, { orderCode: o.orderCode });
    completeForm.resetFields();
    setCompleting(d);
  };
  const cancel = (o: Order) => {
    cancelForm.resetFields();
    setCancelling(o);
  };

  const modals = (
    <>
      {cancelling ? (
        <FormModal<{ cancelReason: string }, unknown>
          form={cancelForm}
          name="replenish-cancel"
          title={`取消补货单 ${cancelling.orderCode}`}
          okText="确认取消"
          width={520}
          initialValues={{ cancelReason: '' }}
          onSubmit={(v) =>
            call(replenishOrderOps.cancel, { orderCode: cancelling.orderCode, version: cancelling.version, cancelReason: v.cancelReason })
          }
          onSaved={() => {
            message.success('补货单已取消');
            setCancelling(null);
            void reload();
          }}
          onClose={() => setCancelling(null)}
        >
          <p style={{ color: 'rgba(0,0,0,0.65)' }}>
            {cancelling.status === 1
              ? `补货单已派送：取消后已发出的 ${cancelling.totalSent} 件退回${cancelling.sourceName}（货物未装入智能柜时才取消；已装柜请“完成补货”）。不可恢复。`
              : `取消后释放${cancelling.sourceName}为该补货单锁定的 ${cancelling.totalSent} 件库存，且不可恢复。`}
          </p>
          <Form.Item label="取消原因" name="cancelReason" required rules={[cancelReasonRule]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </FormModal>
      ) : null}
      {completing ? (
        <FormModal<{ loaded: Record<string, number | null> }, unknown>
          form={completeForm}
          name="replenish-complete"
          title={`完成补货单 ${completing.orderCode}（设备 ${completing.deviceCode}）`}
          okText="确认完成"
          width={760}
          initialValues={{ loaded: Object.fromEntries(completing.lines.map((l) => [l.slotNo, l.quantity])) }}
          onSubmit={(v) =>
            call(replenishOrderOps.complete, {
              orderCode: completing.orderCode,
              version: completing.version,
              lines: completing.lines.map((l) => ({ slotNo: l.slotNo, loaded: Number(v.loaded[l.slotNo] ?? 0) })),
            })
          }
          onSaved={() => {
            message.success('补货单已完成，货道库存已增加');
            setCompleting(null);
            void reload();
          }}
          onClose={() => setCompleting(null)}
        >
          <p style={{ color: 'rgba(0,0,0,0.65)' }}>填写每个货道实际装入的数量；少装的数量记为盘点差异（库存流水中可查）。</p>
          <Table
            rowKey="slotNo"
            size="small"
            pagination={false}
            dataSource={completing.lines}
            scroll={{ y: 360 }}
            columns={[
              { key: 'slotNo', title: '货道', dataIndex: 'slotNo', width: 70 },
              { key: 'sku', title: 'SKU', render: (_v, l) => `${l.skuName}（${l.skuCode}）` },
              { key: 'quantity', title: '补货数量', dataIndex: 'quantity', width: 90, align: 'right' },
              {
                key: 'loaded',
                title: '实装数量',
                width: 140,
                render: (_v, l) => (
                  <Form.Item
                    name={['loaded', l.slotNo]}
                    noStyle
                    rules={[
                      zodRule(loadedSchema),
                      {
                        // an empty cell (the schema would read it as 0) and the line's own bound (checked by the server too)
                        validator: async (_r, v: unknown) => {
                          if (v === null || v === undefined || v === '') throw new Error('请填写实装数量');
                          if (Number(v) > l.quantity) throw new Error(`实装数量不能大于补货数量${l.quantity}`);
                        },
                      },
                    ]}
                  >
                    <InputNumber min={0} max={l.quantity} precision={0} aria-label={`货道${l.slotNo}实装数量`} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </FormModal>
      ) : null}
    </>
  );
  return { dispatch, complete, cancel, modals };
}
