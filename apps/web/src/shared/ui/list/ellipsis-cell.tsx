import type { ReactNode } from 'react';
import { Tooltip } from 'antd';

/** A long text cell of an `ellipsis: { showTitle: false }` column: cut to the width, whole in a tooltip. */
export function ellipsisCell(value: unknown, empty: ReactNode = '--'): ReactNode {
  if (value === null || value === undefined || value === '') return empty;
  return (
    <Tooltip title={String(value)} placement="topLeft">
      <span>{String(value)}</span>
    </Tooltip>
  );
}
