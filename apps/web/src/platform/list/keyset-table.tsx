import type { OperationContract, OutputOf } from '@merchant/contracts';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../call.ts';
import { KeysetPager } from './keyset-pager.tsx';

/**
 * A small keyset-paged table inside a detail page or a drawer (a record's log that grows without bound: a device's
 * 上下线记录 and 故障记录, a voice prompt's pushes): 上一页 / 下一页 from the cursors the server hands out, newest first.
 * The whole list pages (with its search form) use `<QueryList paging="keyset">`.
 */
export function KeysetTable<C extends OperationContract, R extends object>(props: {
  operation: C;
  /** The operation's filters (without cursor / pageSize). */
  input: Record<string, unknown>;
  queryKey: readonly unknown[];
  columns: ColumnsType<R>;
  rowKey: keyof R & string;
  emptyText: string;
  pageSize?: number;
  /** Look again every so many ms while the answer says so (e.g. a push waits for its acknowledgement). */
  refetchInterval?: (rows: R[]) => number | false;
  testId?: string;
}) {
  const [pageSize, setPageSize] = useState(props.pageSize ?? 10);
  // the cursors of the pages read so far: [undefined (first page), cursor of page 2, …]
  const [trail, setTrail] = useState<(string | undefined)[]>([undefined]);
  const cursor = trail[trail.length - 1];
  const q = useQuery({
    queryKey: [...props.queryKey, props.input, pageSize, cursor ?? ''],
    queryFn: async () =>
      (await call(props.operation, { ...props.input, pageSize, ...(cursor ? { cursor } : {}) } as never)) as OutputOf<C> & KeysetPage<R>,
    placeholderData: (prev) => prev,
    refetchInterval: (query) => (props.refetchInterval && query.state.data ? props.refetchInterval(query.state.data.list) : false),
  });
  const page = q.data;
  return (
    <div data-testid={props.testId}>
      <Table<R>
        size="small"
        rowKey={props.rowKey}
        columns={props.columns}
        dataSource={page?.list ?? []}
        loading={q.isLoading}
        locale={{ emptyText: props.emptyText }}
        pagination={false}
      />
      {page && (page.nextCursor || trail.length > 1) ? (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <KeysetPager
            compact
            pageNum={trail.length}
            pageSize={pageSize}
            total={trail.length === 1 ? page.total : undefined}
            hasPrev={trail.length > 1}
            hasNext={Boolean(page.nextCursor)}
            busy={q.isFetching}
            onPrev={() => setTrail((t) => t.slice(0, -1))}
            onNext={() => page.nextCursor && setTrail((t) => [...t, page.nextCursor ?? undefined])}
            onPageSize={(n) => {
              setPageSize(n);
              setTrail([undefined]);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
