import {
  useMemo,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type ThHTMLAttributes,
} from 'react';
import type { TableColumnType, TableProps } from 'antd';
import { Button, Checkbox, Dropdown, Popover, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, PushpinOutlined, SettingOutlined } from '@ant-design/icons';
import { useSession } from '../session-store.ts';
import { readJson, remove, writeJson } from '../storage.ts';
import {
  ACTIONS_KEY,
  arrangeColumns,
  DEFAULT_COLUMN_WIDTH,
  isPinned,
  keyColumnOf,
  scrollWidthOf,
  shownColumnsOf,
  tableColumnsOf,
  type ColumnSettings,
  type ListColumn,
} from '../../shared/ui/list/list-columns.ts';

/**
 * The tables of list pages stick their header under the app's top bar (56 px) and their
 * horizontal scroll bar to the bottom of the window, so a wide table can be scrolled sideways
 * without first scrolling down to its last row (1366×768).
 */
export const LIST_TABLE_STICKY: TableProps<object>['sticky'] = { offsetHeader: 56 };

/** Who the settings belong to: the account within its merchant. */
export interface SettingsOwner {
  merchantId?: number;
  userId?: number;
}

/** localStorage key of one account's 列设置 for one list; null when the account is not known. */
export function columnSettingsKey(owner: SettingsOwner | null | undefined, listId: string): string | null {
  if (!owner || owner.userId === undefined || owner.userId === null) return null;
  return `listColumns:${owner.merchantId ?? 0}:${owner.userId}:${listId}`;
}

/** Row density of a table (ProTable's 密度): antd's Table size. */
export type Density = 'small' | 'middle' | 'large';
export const DENSITIES: { value: Density; label: string }[] = [
  { value: 'large', label: '宽松' },
  { value: 'middle', label: '默认' },
  { value: 'small', label: '紧凑' },
];

/** Narrowest and widest a column can be dragged. */
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 1000;
export const clampWidth = (w: number): number => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, w)));

/**
 * What one account chose for one list: 列设置 (order and hidden columns), dragged column widths, density and
 * page size. Any part may be absent (the list's own default).
 */
export interface ListSettings extends Partial<ColumnSettings> {
  widths?: Record<string, number>;
  density?: Density;
  pageSize?: number;
}

/** Stored settings, or null when none (parts not of the expected shape are dropped). */
export function readListSettings(key: string | null): ListSettings | null {
  if (!key) return null;
  const v = readJson<Record<string, unknown>>('local', key);
  if (!v || typeof v !== 'object') return null;
  const strings = (a: unknown[]) => a.filter((x): x is string => typeof x === 'string');
  const out: ListSettings = {};
  if (Array.isArray(v.order) && Array.isArray(v.hidden)) {
    out.order = strings(v.order);
    out.hidden = strings(v.hidden);
  }
  if (v.widths && typeof v.widths === 'object') {
    const widths = Object.entries(v.widths as Record<string, unknown>).filter(([, w]) => typeof w === 'number' && w > 0);
    if (widths.length) out.widths = Object.fromEntries(widths.map(([k, w]) => [k, clampWidth(w as number)]));
  }
  if (DENSITIES.some((d) => d.value === v.density)) out.density = v.density as Density;
  if (typeof v.pageSize === 'number' && Number.isInteger(v.pageSize) && v.pageSize > 0 && v.pageSize <= 200) out.pageSize = v.pageSize;
  return Object.keys(out).length ? out : null;
}

export function writeListSettings(key: string | null, settings: ListSettings | null): void {
  if (!key) return;
  const kept = settings ? Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) : {};
  if (Object.keys(kept).length) writeJson('local', key, kept);
  else remove('local', key);
}

/** The 列设置 part (order and hidden columns) of the settings, or null when the columns were never arranged. */
export function columnsPartOf(settings: ListSettings | null): ColumnSettings | null {
  return settings?.order && settings.hidden ? { order: settings.order, hidden: settings.hidden } : null;
}

/** The movable (not pinned) columns in the order 列设置 shows them, hidden ones included. */
export function movableOrder<T>(columns: ListColumn<T>[], settings: ColumnSettings | null): string[] {
  const keyColumn = keyColumnOf(columns);
  const all = arrangeColumns(columns, settings ? { ...settings, hidden: [] } : null);
  return all.filter((c) => !isPinned(c, keyColumn)).map((c) => c.key);
}

/** Moves `key` one place up (-1) or down (+1) among the movable columns. */
export function moveColumn(order: string[], key: string, step: -1 | 1): string[] {
  const i = order.indexOf(key);
  const j = i + step;
  if (i < 0 || j < 0 || j >= order.length) return order;
  const next = [...order];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

interface ColumnSettingsPanelProps<T> {
  columns: ListColumn<T>[];
  settings: ColumnSettings | null;
  onChange: (settings: ColumnSettings) => void;
  /** 重置列设置: back to the list's own columns, widths, density and page size. */
  onReset: () => void;
  /** Whether anything was changed (else 重置列设置 is greyed). */
  changed: boolean;
}

/**
 * 列设置: show or hide each column and change their order; the key column and the actions stay. 重置列设置
 * forgets every setting of the list (columns, widths, density, page size).
 */
export function ColumnSettingsButton<T>({ columns, settings, onChange, onReset, changed }: ColumnSettingsPanelProps<T>) {
  const keyColumn = keyColumnOf(columns);
  const order = movableOrder(columns, settings);
  const hidden = new Set(settings?.hidden ?? []);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const pinnedHead = columns.filter((c) => c.key === keyColumn);
  const pinnedTail = columns.filter((c) => c.key === ACTIONS_KEY && c.key !== keyColumn);
  const set = (next: Partial<ColumnSettings>) => onChange({ order, hidden: [...hidden], ...next });
  const toggle = (key: string, show: boolean) => set({ hidden: show ? [...hidden].filter((k) => k !== key) : [...hidden, key] });
  const allShown = order.every((k) => !hidden.has(k));

  const pinnedRow = (c: ListColumn<T>, where: string) => (
    <div key={c.key} className="column-settings-row column-settings-pinned">
      <Checkbox checked disabled>
        {c.title}
      </Checkbox>
      <Tooltip title={`固定在${where}，始终显示`}>
        <PushpinOutlined className="column-settings-pin" aria-label={`${c.title}固定在${where}`} />
      </Tooltip>
    </div>
  );

  const panel = (
    <div className="column-settings" data-testid="column-settings">
      <div className="column-settings-head">
        <Checkbox
          checked={allShown}
          indeterminate={!allShown && order.some((k) => !hidden.has(k))}
          onChange={(e) => set({ hidden: e.target.checked ? [] : [...order] })}
        >
          列展示
        </Checkbox>
        <Button type="link" size="small" disabled={!changed} onClick={onReset}>
          重置列设置
        </Button>
      </div>
      <div className="column-settings-list">
        {pinnedHead.map((c) => pinnedRow(c, '左侧'))}
        {order.map((key, i) => {
          const c = byKey.get(key)!;
          return (
            <div key={key} className="column-settings-row">
              <Checkbox checked={!hidden.has(key)} onChange={(e) => toggle(key, e.target.checked)}>
                {c.title}
              </Checkbox>
              <span className="column-settings-move">
                <Button
                  type="text"
                  size="small"
                  aria-label={`上移${c.title}`}
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => set({ order: moveColumn(order, key, -1) })}
                />
                <Button
                  type="text"
                  size="small"
                  aria-label={`下移${c.title}`}
                  icon={<ArrowDownOutlined />}
                  disabled={i === order.length - 1}
                  onClick={() => set({ order: moveColumn(order, key, 1) })}
                />
              </span>
            </div>
          );
        })}
        {pinnedTail.map((c) => pinnedRow(c, '右侧'))}
      </div>
      <Typography.Text type="secondary" className="column-settings-note">
        列、列宽、密度和每页条数保存在本浏览器，仅对当前账号生效
      </Typography.Text>
    </div>
  );

  return (
    <Popover content={panel} trigger="click" placement="bottomRight" arrow={false}>
      <Tooltip title="列设置">
        <Button aria-label="列设置" icon={<SettingOutlined />} />
      </Tooltip>
    </Popover>
  );
}

/** The props a resizable header cell takes besides a th's own (given by the columns' onHeaderCell). */
interface ResizableCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Width while dragged (not yet kept). */
  onResize?: (width: number) => void;
  /** The width to keep. */
  onResizeEnd?: (width: number) => void;
  resizeLabel?: string;
  resizeWidth?: number;
}

/**
 * A table header cell with a drag handle on its right edge (antd 6 has no resizable columns of its own): drag it,
 * or focus it and press ←/→, to change the column's width.
 */
export function ResizableHeaderCell({ onResize, onResizeEnd, resizeLabel, resizeWidth, children, ...rest }: ResizableCellProps) {
  if (!onResize || !onResizeEnd) return <th {...rest}>{children}</th>;
  const start = (e: ReactPointerEvent<HTMLSpanElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const x0 = e.clientX;
    const w0 = e.currentTarget.parentElement?.getBoundingClientRect().width || resizeWidth || DEFAULT_COLUMN_WIDTH;
    let width = clampWidth(w0);
    const move = (ev: PointerEvent) => {
      width = clampWidth(w0 + ev.clientX - x0);
      onResize(width);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      document.body.classList.remove('query-list-resizing');
      onResizeEnd(width);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    document.body.classList.add('query-list-resizing');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>) => {
    const step = e.key === 'ArrowLeft' ? -10 : e.key === 'ArrowRight' ? 10 : 0;
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    const w0 = resizeWidth ?? e.currentTarget.parentElement?.getBoundingClientRect().width ?? DEFAULT_COLUMN_WIDTH;
    onResizeEnd(clampWidth(w0 + step));
  };
  return (
    <th {...rest}>
      {children}
      <span
        className="query-list-resize"
        role="separator"
        aria-orientation="vertical"
        // The column's name goes in the title, not the accessible name: a label holding 角色名称 would also answer
        // for the search field 角色名称 (getByLabel, screen readers' label lookup).
        aria-label="调整列宽"
        title={resizeLabel ? `拖动或用 ←/→ 调整「${resizeLabel}」的列宽` : undefined}
        aria-valuenow={resizeWidth}
        aria-valuemin={MIN_COLUMN_WIDTH}
        aria-valuemax={MAX_COLUMN_WIDTH}
        tabIndex={0}
        onPointerDown={start}
        onKeyDown={onKeyDown}
        // A click on the handle is not a click on the header (which sorts).
        onClick={(e) => e.stopPropagation()}
      />
    </th>
  );
}

const RESIZABLE_COMPONENTS: TableProps<object>['components'] = { header: { cell: ResizableHeaderCell } };

/** 密度: 宽松 / 默认 / 紧凑 (ProTable's density menu). */
export function DensityButton({ value, onChange }: { value: Density; onChange: (d: Density) => void }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [value],
        items: DENSITIES.map((d) => ({ key: d.value, label: d.label })),
        onClick: ({ key }) => onChange(key as Density),
      }}
    >
      <Tooltip title="密度">
        <Button aria-label="密度" icon={<ColumnHeightOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}

export interface ListLayout<T> {
  /** The antd columns: arranged by 列设置, key column fixed left, actions fixed right, widths as dragged. */
  tableColumns: TableColumnType<T>[];
  /** Sum of the shown columns' widths (antd `scroll.x`). */
  scrollX: number;
  /** The 列设置 button for the table's toolbar. */
  settingsButton: ReactNode;
  /** The 密度 button for the table's toolbar. */
  densityButton: ReactNode;
  /** The table's size (its density). */
  size: Density;
  /** The table's `components`: header cells that can be resized. */
  components: TableProps<T>['components'];
  /** The page size this account chose for the list, if any. */
  pageSize?: number;
  /** Keeps the page size this account chose for the list. */
  setPageSize: (size: number) => void;
}

export interface ListLayoutOptions {
  compact?: boolean;
  sort?: { field?: string; order?: 'ascend' | 'descend' };
  extraWidth?: number;
  /** Called after 重置列设置 (the list goes back to its own page size). */
  onReset?: () => void;
}

/**
 * One list's table layout: the column definition with this account's settings (kept in localStorage per
 * account and list: 列设置, column widths, density, page size), the fixed key and actions columns and the
 * scroll width.
 */
export function useListLayout<T>(listId: string, columns: ListColumn<T>[], opts: ListLayoutOptions = {}): ListLayout<T> {
  const { compact, sort, extraWidth = 0, onReset } = opts;
  const loginRole = useSession((s) => s.loginRole);
  const storageKey = columnSettingsKey(loginRole, listId);
  // Settings per storage key: another account (or list) starts from its own stored choice.
  const [state, setState] = useState<{ key: string | null; settings: ListSettings | null }>(() => ({
    key: storageKey,
    settings: readListSettings(storageKey),
  }));
  const settings = state.key === storageKey ? state.settings : readListSettings(storageKey);
  // A column being dragged: its width follows the pointer, kept when let go.
  const [dragging, setDragging] = useState<{ key: string; width: number } | null>(null);
  const save = (next: ListSettings | null) => {
    writeListSettings(storageKey, next);
    setState({ key: storageKey, settings: readListSettings(storageKey) });
  };
  const update = (patch: Partial<ListSettings>) => save({ ...settings, ...patch });

  const widths = useMemo(
    () => ({ ...settings?.widths, ...(dragging ? { [dragging.key]: dragging.width } : {}) }),
    [settings?.widths, dragging],
  );
  const sized = useMemo(() => columns.map((c) => (widths[c.key] ? { ...c, width: widths[c.key] } : c)), [columns, widths]);
  const columnsPart = useMemo(() => columnsPartOf(settings), [settings]);
  const shown = useMemo(() => shownColumnsOf(sized, compact), [sized, compact]);
  const arranged = useMemo(() => arrangeColumns(shown, columnsPart), [shown, columnsPart]);
  const scrollX = scrollWidthOf(arranged, extraWidth);
  const tableColumns = useMemo(
    () =>
      tableColumnsOf(sized, { compact, sort, settings: columnsPart }).map((c): TableColumnType<T> => {
        const key = String(c.key);
        if (key === ACTIONS_KEY) return c;
        const width = typeof c.width === 'number' ? c.width : undefined;
        return {
          ...c,
          onHeaderCell: () =>
            ({
              onResize: (w: number) => setDragging({ key, width: w }),
              onResizeEnd: (w: number) => {
                setDragging(null);
                writeListSettings(storageKey, { ...settings, widths: { ...settings?.widths, [key]: w } });
                setState({ key: storageKey, settings: readListSettings(storageKey) });
              },
              resizeLabel: typeof c.title === 'string' ? c.title : key,
              resizeWidth: width,
            }) as ThHTMLAttributes<HTMLTableCellElement>,
        };
      }),
    [sized, compact, sort, columnsPart, settings, storageKey],
  );
  const size: Density = settings?.density ?? (compact ? 'small' : 'middle');
  const changed = !!settings;
  return {
    tableColumns,
    scrollX,
    size,
    components: RESIZABLE_COMPONENTS as TableProps<T>['components'],
    pageSize: settings?.pageSize,
    setPageSize: (pageSize) => update({ pageSize }),
    densityButton: <DensityButton value={size} onChange={(density) => update({ density })} />,
    settingsButton: (
      <ColumnSettingsButton
        columns={shownColumnsOf(columns, compact)}
        settings={columnsPart}
        changed={changed}
        onChange={(next) => update(next)}
        onReset={() => {
          save(null);
          onReset?.();
        }}
      />
    ),
  };
}
