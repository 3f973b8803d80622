import type { OperationContract, Paged } from '@merchant/contracts';
import type { HistoryChange, HistoryEntry } from '@merchant/contracts/core/history';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../shared/format/date.ts';
import { call } from './call.ts';

const changeList = (changes: HistoryChange[]) =>
  changes.length === 0 ? (
    <Typography.Text type="secondary">--</Typography.Text>
  ) : (
    <ul className="record-history-changes" style={{ margin: 0, paddingInlineStart: 16 }}>
      {changes.map((c) => (
        <li key={c.field}>
          {c.label}：
          <Typography.Text delete type="secondary">
            {c.before}
          </Typography.Text>{' '}
          → {c.after}
        </li>
      ))}
    </ul>
  );

const COLUMNS: ColumnsType<HistoryEntry> = [
  { key: 'createdAt', title: '时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
  { key: 'actionLabel', title: '操作', dataIndex: 'actionLabel', width: 120, render: (v: string) => <Tag>{v}</Tag> },
  { key: 'operatorName', title: '操作人', dataIndex: 'operatorName', width: 120 },
  { key: 'changes', title: '变更内容', dataIndex: 'changes', render: (v: HistoryChange[]) => changeList(v) },
  { key: 'remark', title: '备注', dataIndex: 'remark', width: 220, render: (v: string) => v || '--' },
];

/**
 * A record's history (操作记录) on its detail page: who did what, when, and each changed field's before and
 * after, paged from the record's own history operation (its input: the record's key plus paging).
 */
export function RecordHistory<C extends OperationContract>({
  operation,
  input,
  queryKey,
}: {
  operation: C;
  /** The record's key, e.g. { goodsNo }. */
  input: Record<string, unknown>;
  /** Invalidate this key after a change so the history shows it. */
  queryKey: readonly unknown[];
}) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const untyped = call as (op: OperationContract, input: unknown) => Promise<Paged<HistoryEntry>>;
  const q = useQuery({
    queryKey: [...queryKey, 'history', page],
    queryFn: () => untyped(operation, { ...input, ...page }),
  });
  return (
    <Table<HistoryEntry>
      size="small"
      rowKey="id"
      columns={COLUMNS}
      dataSource={q.data?.list ?? []}
      loading={q.isFetching}
      locale={{ emptyText: '暂无操作记录' }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: q.data?.total ?? 0,
        showTotal: (n) => `共 ${n} 条`,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
    />
  );
}

/** A record's history (变更记录) in a drawer, open while there is a record (`input`, its key). */
export function RecordHistoryDrawer<C extends OperationContract>({
  title,
  operation,
  input,
  queryKey,
  testId,
  onClose,
}: {
  title: string;
  operation: C;
  input: Record<string, unknown> | null;
  queryKey: readonly unknown[];
  testId: string;
  onClose: () => void;
}) {
  return (
    <Drawer open={input !== null} title={title} size={900} onClose={onClose} destroyOnHidden data-testid={testId}>
      {input ? <RecordHistory operation={operation} input={input} queryKey={queryKey} /> : null}
    </Drawer>
  );
}
