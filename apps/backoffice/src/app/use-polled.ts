import { useCallback, useEffect, useRef, useState } from 'react';

export interface Polled<T> {
  /** The newest answer for the current key (`initial` until the first one lands, and again after a key change). */
  data: T;
  /** The last failure for the current key; cleared by the next answer. */
  error: unknown;
  /** Asks again now (after an action), even while a refresh is on its way: the later-asked answer wins. */
  refresh: () => void;
}

/**
 * Loads `load()` for `key` at once and again every `everyMs`. The newest-asked answer for the current key lands; an
 * answer for an earlier key, or older than one already shown, is dropped. A refresh still on its way when the next
 * one is due is waited for, not dropped: a list that dropped every answer slower than its poll never showed on a
 * slow server (the results workspace's list stayed empty while each answer took over 5 s). `load` is read at the
 * time of asking; `key` names what it loads.
 */
export function usePolled<T>(key: string, load: () => Promise<T>, initial: T, everyMs: number): Polled<T> {
  const [shown, setShown] = useState<{ key: string; data: T; error: unknown }>({
    key,
    data: initial,
    error: null,
  });
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const loadRef = useRef(load);
  loadRef.current = load;
  const keyRef = useRef(key);
  keyRef.current = key;
  const asked = useRef(0);
  const landed = useRef(0);
  const onTheWay = useRef(0);

  const ask = useCallback(() => {
    const n = ++asked.current;
    const at = keyRef.current;
    onTheWay.current += 1;
    const land = (next: { data?: T; error?: unknown }) => {
      onTheWay.current -= 1;
      if (at !== keyRef.current || n < landed.current) return;
      landed.current = n;
      setShown((s) => {
        const before = s.key === at ? s.data : initialRef.current;
        return { key: at, data: 'data' in next ? (next.data as T) : before, error: next.error ?? null };
      });
    };
    loadRef.current().then(
      (data) => land({ data }),
      (error: unknown) => land({ error }),
    );
  }, []);

  useEffect(() => {
    landed.current = asked.current;
    ask();
    const timer = setInterval(() => onTheWay.current === 0 && ask(), everyMs);
    return () => clearInterval(timer);
  }, [key, everyMs, ask]);

  const current = shown.key === key;
  return { data: current ? shown.data : initial, error: current ? shown.error : null, refresh: ask };
}
