import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';

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
