import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A view's filters in the query string (issue 34 item 1): a URL shares the view as filtered, Back undoes a
 * filter, a reload keeps it. Only the keys of `defaults` are read; a value equal to its default is left out.
 */
export function useSearchFilters<F extends Record<string, string>>(
  defaults: F,
): [F, (next: Partial<F>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = useMemo(() => {
    const read = { ...defaults };
    for (const name of Object.keys(defaults) as (keyof F & string)[]) {
      const value = params.get(name);
      if (value !== null) read[name] = value as F[typeof name];
    }
    return read;
    // `key` is the params' content: a new URLSearchParams object with the same query keeps the filters' identity.
  }, [key]);
  const setFilters = useCallback(
    (next: Partial<F>, options?: { replace?: boolean }) => {
      const merged = { ...filters, ...next };
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(merged))
        if (value !== undefined && value !== defaults[name]) query.set(name, value);
      setParams(query, { replace: options?.replace ?? false });
    },
    [filters, setParams],
  );
  return [filters, setFilters];
}

/** A positive integer route parameter, or null (a link to `/clients/abc` is no client). */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
