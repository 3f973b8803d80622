import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { ACTIONS_KEY, type ListColumn } from './list/list-columns.ts';

/** A row's link button that is disabled, with the reason as its tooltip, when the row may not be changed. */
export function LockableAction({ locked, onClick, children }: { locked: string | null; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={locked}>
      <Button type="link" size="small" disabled={!!locked} onClick={onClick}>
        {children}
      </Button>
    </Tooltip>
  );
}

/** A row's 删除: disabled with the reason when something blocks it, else confirmed before it runs. */
export function DeleteAction({
  blocker,
  title,
  description,
  loading,
  onConfirm,
}: {
  blocker: string | null;
  title: string;
  description: ReactNode;
  loading?: boolean;
  onConfirm: () => unknown;
}) {
  if (blocker) {
    return (
      <Tooltip title={blocker}>
        <Button type="link" size="small" danger disabled>
          删除
        </Button>
      </Tooltip>
    );
  }
  return (
    <Popconfirm title={title} description={description} okText="删除" okButtonProps={{ danger: true, loading }} onConfirm={onConfirm}>
      <Button type="link" size="small" danger>
        删除
      </Button>
    </Popconfirm>
  );
}

/** One link button of a row's 操作; shown only when `show` is not false (the row's state allows it). */
export interface RowAction {
  key: string;
  label: ReactNode;
  show?: boolean;
  onClick: () => unknown;
  danger?: boolean;
}

/** A row's link buttons, side by side. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Space size={0}>
      {actions
        .filter((a) => a.show !== false)
        .map((a) => (
          <Button key={a.key} type="link" size="small" danger={a.danger} onClick={() => void a.onClick()}>
            {a.label}
          </Button>
        ))}
    </Space>
  );
}

/** The 操作 column of a list: the row's link buttons (those its state allows). */
export function rowActionsColumn<T>(width: number, actionsOf: (row: T) => RowAction[]): ListColumn<T> {
  return { key: ACTIONS_KEY, title: '操作', width, render: (_v, r) => <RowActions actions={actionsOf(r)} /> };
}
