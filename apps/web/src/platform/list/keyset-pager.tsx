import { Button, Select, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

/** Page sizes a list offers (the same as the offset pager's). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export interface KeysetPagerProps {
  /** Which page this is, counted from the first page the person opened (1-based). */
  pageNum: number;
  pageSize: number;
  /** How many rows match, when the server said so (it counts with the first page only). */
  total?: number;
  hasPrev: boolean;
  hasNext: boolean;
  /** While a page loads the buttons wait (a second click would skip a page). */
  busy?: boolean;
  compact?: boolean;
  onPrev(): void;
  onNext(): void;
  onPageSize(size: number): void;
}

/**
 * The pager of a keyset list (a table that grows without bound): 上一页 / 下一页 from the page shown,
 * 第 N 页, the total when known, and the page size. No jumping to page N: the server reads from the
 * row the cursor names, never skips rows.
 */
export function KeysetPager(props: KeysetPagerProps) {
  const { pageNum, pageSize, total, hasPrev, hasNext, busy = false, compact = false } = props;
  const size = compact ? 'small' : undefined;
  return (
    <div className="query-list-keyset-pager" data-testid="keyset-pager">
      <Space size={compact ? 8 : 12} wrap>
        {total !== undefined ? <span className="query-list-keyset-total">共 {total} 条</span> : null}
        <Button size={size} icon={<LeftOutlined />} disabled={!hasPrev || busy} onClick={props.onPrev}>
          上一页
        </Button>
        <span className="query-list-keyset-page" aria-live="polite">
          第 {pageNum} 页
        </span>
        <Button size={size} icon={<RightOutlined />} iconPlacement="end" disabled={!hasNext || busy} onClick={props.onNext}>
          下一页
        </Button>
        <Select
          size={size}
          aria-label="每页条数"
          value={pageSize}
          style={{ width: 110 }}
          options={PAGE_SIZE_OPTIONS.map((n) => ({ value: n, label: `${n} 条/页` }))}
          onChange={(n: number) => props.onPageSize(n)}
        />
      </Space>
    </div>
  );
}
