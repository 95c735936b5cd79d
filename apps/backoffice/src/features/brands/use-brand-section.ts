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
  lang: string,
) {
  const [data, setData] = useState<T | null>(null);
  // A refusal is kept as it came and said in the desk's language at each render (a switch of language says it
  // again in the new one); a sentence the section wrote itself (`setError`) is kept as written.
  const [failure, setFailure] = useState<{ raw: unknown } | { text: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setError = (text: string | null) => setFailure(text === null ? null : { text });
  const error = failure === null ? null : 'text' in failure ? failure.text : describe(failure.raw);
  // A notice is the last change's, in the language it was made in: a switch of language drops it.
  useEffect(() => setNotice(null), [lang]);

  const reload = async () => {
    try {
      setData(await load());
    } catch (e) {
      setFailure({ raw: e });
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
      setFailure({ raw: e });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { data, error, notice, busy, change, setError };
}
