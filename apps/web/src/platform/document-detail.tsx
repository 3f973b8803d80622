import type { OperationContract } from '@merchant/contracts';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table } from 'antd';
import type { DescriptionsProps, TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RecordHistory } from './record-history.tsx';

/** One button of a document's header; shown only when `show` (the document's state allows it). */
export interface DocumentAction {
  key: string;
  label: ReactNode;
  show: boolean;
  onClick: () => unknown;
  type?: 'primary';
  danger?: boolean;
  loading?: boolean;
  disabled?: boolean;
}

type DescriptionItem = NonNullable<DescriptionsProps['items']>[number];

/**
 * A document's detail page (盘点单, 补货单, 入库单/退货单, 调价单): the header card — title with the document's code and
 * its status tag, the buttons its state allows, notices, the description list —, the page's own sections (lines,
 * pushes…), then its 操作记录. An item given as null/false is left out (a field the document's state does not have).
 */
export function DocumentDetail<C extends OperationContract>({
  title,
  titleTestId,
  status,
  actions,
  notices,
  items,
  children,
  history,
  modals,
}: {
  /** e.g. 盘点单 ST…, inside a span with titleTestId. */
  title: ReactNode;
  titleTestId: string;
  status: ReactNode;
  actions: DocumentAction[];
  /** Alerts between the header's title and its description list. */
  notices?: ReactNode;
  items: (DescriptionItem | null | false)[];
  /** The sections under the header (lines, pushes…). */
  children?: ReactNode;
  history: { operation: C; input: Record<string, unknown>; queryKey: readonly unknown[] };
  /** The actions' modals. */
  modals?: ReactNode;
}) {
  const shown = actions.filter((a) => a.show);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid={titleTestId}>{title}</span>
            {status}
          </Space>
        }
        extra={
          <Space>
            {shown.map((a) => (
              <Button
                key={a.key}
                type={a.type}
                danger={a.danger}
                loading={a.loading}
                disabled={a.disabled}
                onClick={() => void a.onClick()}
              >
                {a.label}
              </Button>
            ))}
          </Space>
        }
      >
        {notices}
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} items={items.filter((i): i is DescriptionItem => !!i)} />
      </Card>
      {children}
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={history.operation} input={history.input} queryKey={history.queryKey} />
      </Card>
      {modals}
    </Space>
  );
}

/**
 * A document's lines in a card: a small table, paged (共 n 行) only when there are more than `pageSize` of them.
 */
export function DocumentLines<T extends object>({
  title,
  extra,
  testId,
  rows,
  rowKey,
  columns,
  pageSize = 20,
}: {
  title: ReactNode;
  extra?: ReactNode;
  testId: string;
  rows: T[];
  rowKey: TableProps<T>['rowKey'];
  columns: NonNullable<TableProps<T>['columns']>;
  pageSize?: number;
}) {
  return (
    <Card variant="borderless" title={title} extra={extra}>
      <Table<T>
        rowKey={rowKey}
        size="small"
        dataSource={rows}
        pagination={rows.length > pageSize ? { pageSize, showTotal: (n) => `共 ${n} 行` } : false}
        data-testid={testId}
        columns={columns}
      />
    </Card>
  );
}

/** A detail page while its document loads. */
export function DocumentLoading() {
  return (
    <Card variant="borderless">
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}

/** A document that does not exist (找不到该…), with the way back to its list. */
export function DocumentNotFound({ title, back }: { title: string; back: { to: string; label: string } }) {
  return <Result status="warning" title={title} extra={<Link to={back.to}>{back.label}</Link>} />;
}
