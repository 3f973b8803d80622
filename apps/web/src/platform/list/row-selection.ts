import { useCallback, useMemo, useState, type Key } from 'react';
import type { TableProps } from 'antd';

/**
 * Rows ticked in a QueryList for a batch action (批量调价 …). The ticks stay while the person pages and searches
 * (antd keeps the keys; the rows of other pages are kept here), until 取消选择 or the batch action clears them.
 */
export interface ListRowSelection<T> {
  selectedRowKeys: Key[];
  /** The ticked keys and their rows (rows of pages no longer shown included). */
  onChange: (keys: Key[], rows: T[]) => void;
  /** A row that may not be ticked (and why, as the checkbox's title). */
  getCheckboxProps?: NonNullable<TableProps<T>['rowSelection']>['getCheckboxProps'];
}

/** The ticked keys merged with the rows known so far: rows of other pages stay; unticked rows go. */
export function mergeSelection<T>(
  known: ReadonlyMap<Key, T>,
  keys: Key[],
  rows: readonly (T | undefined)[],
  keyOf: (row: T) => Key,
): Map<Key, T> {
  const seen = new Map(known);
  for (const r of rows) if (r !== undefined) seen.set(keyOf(r), r);
  const out = new Map<Key, T>();
  for (const k of keys) {
    const r = seen.get(k);
    if (r !== undefined) out.set(k, r);
  }
  return out;
}

/**
 * State for a QueryList's `rowSelection`: `selection` goes to the list, `selectedRows` to the batch action, `clear`
 * after it ran. `isDisabled` names why a row may not be ticked (null: it may).
 */
export function useRowSelection<T>(keyOf: (row: T) => Key, isDisabled?: (row: T) => string | null) {
  const [picked, setPicked] = useState<Map<Key, T>>(() => new Map());
  const onChange = useCallback((keys: Key[], rows: T[]) => setPicked((prev) => mergeSelection(prev, keys, rows, keyOf)), [keyOf]);
  const clear = useCallback(() => setPicked(new Map()), []);
  const selection = useMemo<ListRowSelection<T>>(
    () => ({
      selectedRowKeys: [...picked.keys()],
      onChange,
      ...(isDisabled
        ? {
            getCheckboxProps: (row: T) => {
              const why = isDisabled(row);
              return { disabled: !!why, title: why ?? undefined };
            },
          }
        : {}),
    }),
    [picked, onChange, isDisabled],
  );
  return { selection, selectedRows: [...picked.values()], selectedKeys: [...picked.keys()], clear };
}
