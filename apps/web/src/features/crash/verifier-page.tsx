import { useEffect, useState } from 'react';
import type { CrashRoundsResponse } from '@sb/contract';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router';
import { crashApi } from './crash-api';
import { crashPointOf, formatMultiplier, saltOf, sha256Hex } from './crash-math';
import './crash.css';

type PublishedRound = CrashRoundsResponse['result'][number];

/** The published rounds the verifier knows (the latest 100): its chips, and the results it compares with. */
const ROUNDS_KNOWN = 100;

interface Verdict {
  crashPoint: number;
  /** The published point of the round with the typed hash (looked up by hash); null when none has it. */
  published: number | null;
  /** SHA-256(next round's hash) = this hash; null when no next hash was given. */
  linked: boolean | null;
}

/**
 * Recomputes the current chain's salt from its terminating hash and the client seeds given after it, a round's
 * crash point from its hash and the salt, and checks the chain's link (SHA-256 of the next
 * round's hash must be this round's hash), in the browser with Web Crypto: the server's claims are only inputs.
 */
export function VerifierPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [hash, setHash] = useState(params.get('hash') ?? '');
  const [salt, setSalt] = useState(params.get('salt') ?? '');
  const [next, setNext] = useState(params.get('next') ?? '');
  const [rounds, setRounds] = useState<PublishedRound[]>([]);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The current chain's salt recomputed from its terminating hash and published client seeds. */
  const [saltCheck, setSaltCheck] = useState<{ ok: boolean; count: number } | null>(null);

  /** Fills the form with a published round and the round after it (its chain link), when that one is out too. */
  const pick = (round: PublishedRound, known: PublishedRound[], keep = false) => {
    const after = known.find((r) => r.id === round.id + 1);
    setHash((h) => (keep && h) || round.hash);
    setNext((n) => (keep && n) || (after?.hash ?? ''));
    setVerdict(null);
  };

  // Prefill: the published salt, and a revealed round (the given id, or the latest but one) with the round after it.
  useEffect(() => {
    const wanted = Number(params.get('round') ?? 0);
    void (async () => {
      const [fair, known] = await Promise.all([crashApi.fairness(), crashApi.rounds(ROUNDS_KNOWN)]);
      setSalt((s) => s || (fair.salt ?? ''));
      setRounds(known);
      const round = wanted ? known.find((r) => r.id === wanted) : (known[1] ?? known[0]);
      if (round) pick(round, known, true);
      if (fair.current) {
        const chain = await crashApi.chain(fair.current.id);
        const seeds = chain.clientSeeds.map((c) => c.seed);
        const recomputed = await saltOf(chain.terminatingHash, seeds);
        setSaltCheck({ ok: recomputed === chain.salt, count: seeds.length });
      }
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
    // The typed round's own published point: whatever round was prefilled, the hash says which one this is.
    const published = rounds.find((r) => r.hash === hash.trim())?.crashPoint ?? null;
    setVerdict({ crashPoint, published, linked });
  };

  return (
    <div className="crash-page crash-verifier" data-testid="crash-verifier">
      <h1>{t('crash.verifier')}</h1>
      <p>{t('crash.verifier_text')}</p>
      {saltCheck && (
        <p data-testid="verify-salt" role="status">
          {t('crash.salt_check')}:{' '}
          {saltCheck.ok ? t('crash.salt_verified', { count: saltCheck.count }) : t('crash.salt_differs')}
        </p>
      )}
      {rounds.length > 0 && (
        <div
          className="crash-history"
          role="group"
          aria-label={t('crash.verify_pick')}
          data-testid="verify-rounds"
        >
          {rounds.map((r) => (
            <button
              key={r.id}
              type="button"
              className={`crash-history__item${r.crashPoint >= 200 ? ' crash-history__item--high' : ''}`}
              aria-label={t('crash.verify_round', { id: r.id, point: formatMultiplier(r.crashPoint) })}
              aria-pressed={r.hash === hash.trim()}
              data-round={r.id}
              onClick={() => pick(r, rounds)}
            >
              {formatMultiplier(r.crashPoint)}
            </button>
          ))}
        </div>
      )}
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
            {' — '}
            {verdict.published === null
              ? t('crash.verify_unpublished')
              : verdict.published === verdict.crashPoint
                ? t('crash.verify_matches')
                : t('crash.verify_differs', { point: formatMultiplier(verdict.published) })}
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
