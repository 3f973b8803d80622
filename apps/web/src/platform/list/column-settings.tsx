import { useMemo, useState, type ReactNode } from 'react';
import type { TableColumnType, TableProps } from 'antd';
import { Button, Checkbox, Popover, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PushpinOutlined, SettingOutlined } from '@ant-design/icons';
import { useSession } from '../session-store.ts';
import { readJson, remove, writeJson } from '../storage.ts';
import {
  ACTIONS_KEY,
  arrangeColumns,
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

/** Stored settings, or null when none (or not of the expected shape). */
export function readColumnSettings(key: string | null): ColumnSettings | null {
  if (!key) return null;
  const v = readJson<Partial<ColumnSettings>>('local', key);
  if (!v || !Array.isArray(v.order) || !Array.isArray(v.hidden)) return null;
  const strings = (a: unknown[]) => a.filter((x): x is string => typeof x === 'string');
  return { order: strings(v.order), hidden: strings(v.hidden) };
}

export function writeColumnSettings(key: string | null, settings: ColumnSettings | null): void {
  if (!key) return;
  if (settings) writeJson('local', key, settings);
  else remove('local', key);
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
  onChange: (settings: ColumnSettings | null) => void;
}

/** 列设置: show or hide each column and change their order; the key column and the actions stay. */
export function ColumnSettingsButton<T>({ columns, settings, onChange }: ColumnSettingsPanelProps<T>) {
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
        <Button type="link" size="small" disabled={!settings} onClick={() => onChange(null)}>
          重置
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
        设置保存在本浏览器，仅对当前账号生效
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

export interface ListLayout<T> {
  /** The antd columns: arranged by 列设置, key column fixed left, actions fixed right. */
  tableColumns: TableColumnType<T>[];
  /** Sum of the shown columns' widths (antd `scroll.x`). */
  scrollX: number;
  /** The 列设置 button for the table's toolbar. */
  settingsButton: ReactNode;
}

/**
 * One list's table layout: the column definition with this account's 列设置 (kept in
 * localStorage per account and list), the fixed key and actions columns and the scroll width.
 */
export function useListLayout<T>(
  listId: string,
  columns: ListColumn<T>[],
  opts: { compact?: boolean; sort?: { field?: string; order?: 'ascend' | 'descend' }; extraWidth?: number } = {},
): ListLayout<T> {
  const { compact, sort, extraWidth = 0 } = opts;
  const loginRole = useSession((s) => s.loginRole);
  const storageKey = columnSettingsKey(loginRole, listId);
  // Settings per storage key: another account (or list) starts from its own stored choice.
  const [state, setState] = useState<{ key: string | null; settings: ColumnSettings | null }>(() => ({
    key: storageKey,
    settings: readColumnSettings(storageKey),
  }));
  const settings = state.key === storageKey ? state.settings : readColumnSettings(storageKey);
  const shown = useMemo(() => shownColumnsOf(columns, compact), [columns, compact]);
  const tableColumns = useMemo(() => tableColumnsOf(columns, { compact, sort, settings }), [columns, compact, sort, settings]);
  const arranged = useMemo(() => arrangeColumns(shown, settings), [shown, settings]);
  const scrollX = scrollWidthOf(arranged, extraWidth);
  const onChange = (next: ColumnSettings | null) => {
    writeColumnSettings(storageKey, next);
    setState({ key: storageKey, settings: next });
  };
  return {
    tableColumns,
    scrollX,
    settingsButton: <ColumnSettingsButton columns={shown} settings={settings} onChange={onChange} />,
  };
}
