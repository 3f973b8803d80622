import { countedQtySchema, stocktakeOps, type StocktakeDetail, type StocktakeLine } from '@merchant/contracts/stock/stocktake';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, InputNumber, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentDetail, DocumentLines } from '../../../platform/document-detail.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { StocktakeStatusTag, useReasonModal } from './stocktake-parts.tsx';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The counts typed but not saved, by line id; an entry is checked by the contract's rule. */
export function changedCounts(lines: StocktakeLine[], typed: ReadonlyMap<number, number | null>) {
  const out: { lineId: number; countedQty: number }[] = [];
  for (const l of lines) {
    const v = typed.get(l.lineId);
    if (v === undefined || v === null || v === l.countedQty) continue;
    const r = countedQtySchema.safeParse(v);
    if (!r.success) return { lines: out, error: `货道${l.slotNo}：${r.error.issues[0]?.message ?? '盘点数不正确'}` };
    out.push({ lineId: l.lineId, countedQty: r.data });
  }
  return { lines: out };
}

function VarianceText({ v }: { v: number | null }) {
  if (v === null) return <Typography.Text type="secondary">未盘</Typography.Text>;
  return <Typography.Text type={v < 0 ? 'danger' : v > 0 ? 'success' : undefined}>{signed(v)}</Typography.Text>;
}

/**
 * A stocktake: header, the lines (slot, SKU, 快照 system quantity, 实盘 counted — an input while 盘点中 —, 差异 counted −
 * snapshot, and once posted the slot's on hand before → after), the actions its state allows, its history.
 */
export function StocktakeView({ st }: { st: StocktakeDetail }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(() => new Map<number, number | null>());
  const [busy, setBusy] = useState(false);
  const can = (a: (typeof st.actions)[number]) => st.actions.includes(a);
  const pending = useMemo(() => changedCounts(st.lines, typed), [st.lines, typed]);
  const { allowLeave } = useLeaveGuard(pending.lines.length > 0 && !busy);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stocktake'] });
  const at = { stocktakeCode: st.stocktakeCode, version: st.version };

  const run = async (what: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await what();
      message.success(ok);
      setTyped(new Map());
      allowLeave();
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
      await reload();
    }
  };
  const save = () => {
    if (pending.error) return message.error(pending.error);
    if (!pending.lines.length) return message.info('没有修改的盘点数');
    return run(() => call(stocktakeOps.count, { ...at, lines: pending.lines }), `已保存${pending.lines.length}个货道的盘点数`);
  };
  const submit = () => {
    if (pending.lines.length) return message.warning('请先保存盘点数');
    return run(() => call(stocktakeOps.submit, at), '已提交审核');
  };
  const approve = () =>
    modal.confirm({
      title: `审核通过盘点单 ${st.stocktakeCode}？`,
      content: `将把 ${st.varianceLines} 个货道的差异（合计 ${signed(st.varianceTotal)} 件）记为盘点差异流水，过账后不能撤销。`,
      okText: '审核通过',
      onOk: () => run(() => call(stocktakeOps.approve, at), '已过账，盘点差异已记入库存流水'),
    });
  const reason = useReasonModal(
    (kind, text) => call(kind === 'reject' ? stocktakeOps.reject : stocktakeOps.void, { ...at, reason: text }),
    (kind) => {
      message.success(kind === 'reject' ? '已退回，请重新盘点' : '盘点单已作废');
      void reload();
    },
  );

  return (
    <DocumentDetail
      title={`盘点单 ${st.stocktakeCode}`}
      titleTestId="stocktake-title"
      status={<StocktakeStatusTag status={st.status} name={st.statusName} />}
      actions={[
        { key: 'count', label: '保存盘点数', show: can('count'), onClick: save, loading: busy, disabled: !pending.lines.length },
        { key: 'submit', label: '提交审核', show: can('submit'), onClick: submit, type: 'primary', loading: busy },
        { key: 'approve', label: '审核通过', show: can('approve'), onClick: approve, type: 'primary', loading: busy },
        { key: 'reject', label: '退回', show: can('reject'), onClick: () => reason.open('reject') },
        { key: 'void', label: '作废', show: can('void'), onClick: () => reason.open('void'), danger: true },
      ]}
      notices={
        <>
          {st.status === 0 && st.reason ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`已退回：${st.reason}`} />
          ) : null}
          {st.status === 2 ? (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 12 }}
              title={
                <span>
                  已过账：差异已记为盘点差异流水（
                  <Link to={`/website/container-stock/container-inventory-water-list?docCode=${st.stocktakeCode}`}>查看流水</Link>
                  ），<Link to={`/website/container-stock/check-stockList-list`}>返回盘点单</Link>
                </span>
              }
            />
          ) : null}
        </>
      }
      items={[
        { key: 'code', label: '盘点单号', children: st.stocktakeCode },
        { key: 'device', label: '智能柜', children: st.deviceName ? `${st.deviceName}（${st.deviceCode}）` : st.deviceCode },
        { key: 'progress', label: '已盘', children: `${st.countedCount} / ${st.lineCount} 个货道` },
        { key: 'variance', label: '差异', children: `${st.varianceLines} 个货道，合计 ${signed(st.varianceTotal)} 件` },
        { key: 'creator', label: '创建', children: `${st.creatorName} ${formatDateTime(st.createdAt)}` },
        !!st.submittedAt && { key: 'submitted', label: '提交审核', children: formatDateTime(st.submittedAt) },
        !!st.reviewedAt && { key: 'reviewer', label: '审核', children: `${st.reviewerName} ${formatDateTime(st.reviewedAt)}` },
        st.status === 3 && { key: 'reason', label: '作废原因', children: st.reason },
        { key: 'remark', label: '备注', children: st.remark || '--' },
      ]}
      history={{
        operation: stocktakeOps.history,
        input: { stocktakeCode: st.stocktakeCode },
        queryKey: ['stocktake', 'detail', st.stocktakeCode],
      }}
      modals={reason.modal}
    >
      <DocumentLines<StocktakeLine>
        title="盘点明细（差异 = 实盘 − 快照）"
        testId="stocktake-lines"
        rows={st.lines}
        rowKey="lineId"
        pageSize={50}
        columns={[
          { key: 'slotNo', title: '货道', dataIndex: 'slotNo', width: 80 },
          { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 130 },
          { key: 'skuName', title: 'SKU名称', dataIndex: 'skuName' },
          { key: 'systemQty', title: '快照库存', dataIndex: 'systemQty', width: 100, align: 'right' },
          {
            key: 'countedQty',
            title: '实盘数',
            width: 140,
            align: 'right',
            render: (_v, l) =>
              can('count') ? (
                <InputNumber
                  min={0}
                  precision={0}
                  style={{ width: 110 }}
                  aria-label={`货道${l.slotNo}实盘数`}
                  value={typed.has(l.lineId) ? typed.get(l.lineId) : l.countedQty}
                  onChange={(v) => setTyped((m) => new Map(m).set(l.lineId, v === null ? null : Number(v)))}
                />
              ) : (
                (l.countedQty ?? '--')
              ),
          },
          {
            key: 'variance',
            title: '差异',
            width: 90,
            align: 'right',
            render: (_v, l) => {
              const c = typed.has(l.lineId) ? typed.get(l.lineId) : l.countedQty;
              return <VarianceText v={c === null || c === undefined ? null : c - l.systemQty} />;
            },
          },
          ...(st.status === 2
            ? [
                {
                  key: 'stock',
                  title: '库存变化',
                  width: 130,
                  align: 'right' as const,
                  render: (_v: unknown, l: StocktakeLine) => (l.onHandBefore === null ? '--' : `${l.onHandBefore} → ${l.onHandAfter}`),
                },
              ]
            : []),
        ]}
      />
    </DocumentDetail>
  );
}
