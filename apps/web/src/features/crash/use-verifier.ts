import { useEffect, useState } from 'react';
import type { CrashRoundsResponse } from '@sb/contract';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router';
import { crashApi } from './crash-api';
import { crashPointOf, saltOf, sha256Hex } from './crash-math';

/** A round the server published (revealed): its id, hash and crash point. */
export type PublishedRound = CrashRoundsResponse['result'][number];

/** The published rounds the verifier knows (the latest 100): its chips, and the results it compares with. */
const ROUNDS_KNOWN = 100;

/** What the browser worked out for a typed round. */
export interface Verdict {
  crashPoint: number;
  /** The published point of the round with the typed hash (looked up by hash); null when none has it. */
  published: number | null;
  /** SHA-256(next round's hash) = this hash; null when no next hash was given. */
  linked: boolean | null;
}

const isHash = (v: string) => /^[0-9a-f]{64}$/.test(v.trim());
/** A round hash, a salt, and a next hash when one is given. */
const wellFormed = (hash: string, salt: string, next: string) =>
  isHash(hash) && salt.trim() !== '' && (!next.trim() || isHash(next));

/** The round's crash point from its hash and the salt, its chain link, and the point the server published. */
async function verdictOf(
  hash: string,
  salt: string,
  next: string,
  rounds: PublishedRound[],
): Promise<Verdict> {
  const crashPoint = await crashPointOf(hash.trim(), salt.trim());
  const linked = next.trim() ? (await sha256Hex(next.trim())) === hash.trim() : null;
  // The typed round's own published point: whatever round was prefilled, the hash says which one this is.
  const published = rounds.find((r) => r.hash === hash.trim())?.crashPoint ?? null;
  return { crashPoint, published, linked };
}

/** The verifier's form (round hash, salt, next hash), the published rounds, the salt's check and the verdict. */
export function useVerifier() {
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
    if (!wellFormed(hash, salt, next)) return setError(t('crash.verify_bad_input'));
    setVerdict(await verdictOf(hash, salt, next, rounds));
  };
  const form = { hash, setHash, salt, setSalt, next, setNext };
  return { form, rounds, pick, verify, verdict, error, saltCheck };
}
