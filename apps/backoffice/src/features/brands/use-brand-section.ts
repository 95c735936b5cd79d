import { useEffect, useState } from 'react';

/**
 * A section of a brand's page that lists something of the brand and saves each change at once: its data (read
 * again after each change, which may shift places around it), the refusal or the notice of the last change, and
 * whether a change is being saved.
 */
export function useBrandSection<T>(
  brandId: number,
  load: () => Promise<T>,
  describe: (e: unknown) => string,
) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = async () => {
    try {
      setData(await load());
    } catch (e) {
      setError(describe(e));
    }
  };
  useEffect(() => {
    setData(null);
    void reload();
  }, [brandId]);

  /** Saves one change, reads the list again and says `done`; false when it was refused. */
  async function change(done: string, act: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await act();
      await reload();
      setNotice(done);
      return true;
    } catch (e) {
      setError(describe(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { data, error, notice, busy, change, setError };
}
