import { useEffect, useState } from 'react';

/**
 * `value` once it has stood for `delayMs`, `empty` until then; an empty value shows at once. Spec §8: checkBets
 * errors appear after 1 s. `value` must keep its identity while unchanged (memoise it), else it never stands.
 */
export function useDelayed<T>(value: T, delayMs: number, isEmpty: (value: T) => boolean, empty: T): T {
  const [stood, setStood] = useState<T | null>(null);
  const blank = isEmpty(value);
  useEffect(() => {
    if (blank) return;
    const timer = window.setTimeout(() => setStood(() => value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, blank, delayMs]);
  if (blank) return value;
  return stood === value ? value : empty;
}
