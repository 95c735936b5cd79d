import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The chosen providers live in the page's query (`?provider=3&provider=5`), so a filtered list can be linked,
 * reloaded and left with back. Comma lists (`provider=3,5`) and brackets (`provider[]=3`) are read too.
 */
export function parseProviderQuery(params: URLSearchParams): number[] {
  const ids = [...params.getAll('provider'), ...params.getAll('provider[]')]
    .flatMap((value) => value.split(','))
    .map((value) => Number(value.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

/** The query string for a provider choice: empty when none is chosen (the page's unfiltered view). */
export function providerQueryString(ids: readonly number[]): string {
  return ids.length ? `?${new URLSearchParams(ids.map((id) => ['provider', String(id)])).toString()}` : '';
}

/** The chosen provider ids, and a setter that replaces the whole query with a new choice (spec §2). */
export function useProviderQuery(): [number[], (ids: readonly number[]) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // A stable array while the query string stays the same (it is part of query keys and effects).
  const ids = useMemo(() => parseProviderQuery(new URLSearchParams(key)), [key]);
  const choose = useCallback(
    (next: readonly number[]) => {
      setParams(providerQueryString(next));
      window.scrollTo(0, 0);
    },
    [setParams],
  );
  return [ids, choose];
}
