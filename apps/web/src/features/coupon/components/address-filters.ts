import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { currentTab, writeTabState } from '../../../platform/tab-state.ts';

/**
 * A list's filters given in the address (券明细?batchCode=…, ?provideNo=…), as the codes are written, with `extra`
 * (filters the page sets itself) over them. When there are any, they win over the list this tab kept (its state is
 * forgotten), and `key` changes with them so the list starts again from them.
 */
export function useAddressFilters(names: readonly string[], settingsId: string, extra: Record<string, string> = {}) {
  const [search] = useSearchParams();
  const extraKey = JSON.stringify(extra);
  const initialValues = useMemo(() => {
    const v: Record<string, string> = {};
    for (const k of names) {
      const value = search.get(k)?.trim();
      if (value) v[k] = value.toUpperCase();
    }
    return { ...v, ...(JSON.parse(extraKey) as Record<string, string>) };
  }, [search, names, extraKey]);
  const key = JSON.stringify(initialValues);
  useMemo(() => {
    if (key !== '{}') writeTabState(currentTab(), `list:${settingsId}`, null);
  }, [key, settingsId]);
  return { initialValues, key };
}
