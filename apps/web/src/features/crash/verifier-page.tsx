import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router';
import { crashApi } from './crash-api';
import { crashPointOf, formatMultiplier, sha256Hex } from './crash-math';
import './crash.css';

interface Verdict {
  crashPoint: number;
  /** SHA-256(next round's hash) = this hash; null when no next hash was given. */
  linked: boolean | null;
}

/**
 * Recomputes a round's crash point from its hash and the salt, and checks the chain's link (SHA-256 of the next
 * round's hash must be this round's hash), in the browser with Web Crypto: the server's claims are only inputs.
 */
export function VerifierPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [hash, setHash] = useState(params.get('hash') ?? '');
  const [salt, setSalt] = useState(params.get('salt') ?? '');
  const [next, setNext] = useState(params.get('next') ?? '');
  const [claimed, setClaimed] = useState<number | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Prefill: the published salt, and a revealed round (the given id, or the latest) with the round after it.
  useEffect(() => {
    const wanted = Number(params.get('round') ?? 0);
    void (async () => {
      const [fair, rounds] = await Promise.all([crashApi.fairness(), crashApi.rounds(100)]);
      setSalt((s) => s || fair.salt);
      const index = wanted ? rounds.findIndex((r) => r.id === wanted) : rounds.length > 1 ? 1 : 0;
      const round = rounds[index];
      if (!round) return;
      setHash((h) => h || round.hash);
      setClaimed(round.crashPoint);
      const after = rounds[index - 1];
      if (after && after.id === round.id + 1) setNext((n) => n || after.hash);
    })().catch(() => undefined);
  }, [params]);

  const verify = async () => {
    setError(null);
    setVerdict(null);
    const isHash = (v: string) => /^[0-9a-f]{64}$/.test(v.trim());
    if (!isHash(hash) || !salt.trim() || (next.trim() && !isHash(next)))
      return setError(t('crash.verify_bad_input'));
    const crashPoint = await crashPointOf(hash.trim(), salt.trim());
    const linked = next.trim() ? (await sha256Hex(next.trim())) === hash.trim() : null;
    setVerdict({ crashPoint, linked });
  };

  return (
    <div className="crash-page crash-verifier" data-testid="crash-verifier">
      <h1>{t('crash.verifier')}</h1>
      <p>{t('crash.verifier_text')}</p>
      <label className="crash-field crash-field--wide">
        <span>{t('crash.round_hash')}</span>
        <input
          value={hash}
          onChange={(e) => setHash(e.target.value)}
          spellCheck={false}
          data-testid="verify-hash"
        />
      </label>
      <label className="crash-field crash-field--wide">
        <span>{t('crash.salt')}</span>
        <input value={salt} onChange={(e) => setSalt(e.target.value)} spellCheck={false} />
      </label>
      <label className="crash-field crash-field--wide">
        <span>{t('crash.next_hash')}</span>
        <input value={next} onChange={(e) => setNext(e.target.value)} spellCheck={false} />
      </label>
      <button type="button" className="crash-panel__button" onClick={() => void verify()}>
        {t('crash.verify')}
      </button>
      {error && (
        <p className="crash-panel__error" role="alert">
          {error}
        </p>
      )}
      {verdict && (
        <div className="crash-verdict" data-testid="verify-result" role="status">
          <p>
            {t('crash.verify_point', { point: formatMultiplier(verdict.crashPoint) })}
            {claimed !== null &&
              ` — ${claimed === verdict.crashPoint ? t('crash.verify_matches') : t('crash.verify_differs', { point: formatMultiplier(claimed) })}`}
          </p>
          {verdict.linked !== null && (
            <p data-testid="verify-link">
              {verdict.linked ? t('crash.verify_linked') : t('crash.verify_not_linked')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
