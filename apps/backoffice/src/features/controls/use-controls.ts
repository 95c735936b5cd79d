import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api';
import { errorText } from '../../app/error-text';
import type { Texts } from '../../i18n';
import type { Limit, Override } from '../../risk-api';
import type { RiskTexts } from '../../risk-texts';

/**
 * The controls' data: the price overrides and both kinds of limits, read on open; `run` makes a change, says so
 * (or why it was refused) and reads them again.
 */
export function useControls(t: Texts, r: RiskTexts) {
  const [overrides, setOverrides] = useState<Override[]>([]);
  const [limits, setLimits] = useState<Limit[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [o, stake, liability] = await Promise.all([
      call<Override[]>('GET', '/ops/v1/overrides'),
      call<Limit[]>('GET', '/ops/v1/limits?kind=stake'),
      call<Limit[]>('GET', '/ops/v1/limits?kind=liability'),
    ]);
    setOverrides(o);
    setLimits([...stake, ...liability]);
  }, []);
  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(t.lang, e)));
  }, [load, t]);

  async function run(action: () => Promise<unknown>) {
    setError(null);
    setNotice(null);
    try {
      await action();
      setNotice(r.saved);
      await load();
    } catch (e) {
      setError(errorText(t.lang, e));
    }
  }

  return { overrides, limits, error, notice, run };
}
