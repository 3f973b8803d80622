import { useEffect, useState } from 'react';

/** A value that follows `value` once it has stayed the same for `ms` (a search box's keyword before it is asked). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
