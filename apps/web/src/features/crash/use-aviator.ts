import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CrashStateResponse } from '@sb/contract';
import { useIsLoggedIn } from '@/lib/session';
import { errorText } from './crash-api';
import { startCrashSession } from './crash-session';
import { useCrashBalance, type CrashSession } from './use-crash-balance';
import { useCrashGame } from './use-crash-game';
import { useMyCrashBets } from './use-my-crash-bets';

/** The aviator screen's state: the session (real money once logged in), the game, the balance and the player's bets. */
export function useAviator() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [session, setSession] = useState<CrashSession | null>(null);
  const [initial, setInitial] = useState<CrashStateResponse['result'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const game = useCrashGame(initial);
  const balance = useCrashBalance(session);
  const { setFun, refresh } = balance;
  const bets = useMyCrashBets(game, balance);
  const { setMine } = bets;

  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      const { session: s, state } = await startCrashSession(!loggedIn);
      if (cancelled) return;
      setSession(s);
      setInitial(state);
      setFun(state.balance);
      setMine(Object.fromEntries(state.mine.map((b) => [b.id, b])));
    };
    start().catch((e: unknown) => !cancelled && setError(errorText(e, t('crash.error'))));
    return () => {
      cancelled = true;
    };
  }, [loggedIn, t, setFun, setMine]);

  // The round's settlement (a lost bet moves nothing, a void one refunds) is read once the crash is in.
  const phase = game.round?.phase;
  useEffect(() => {
    if (!session || phase !== 'crashed') return;
    const timer = setTimeout(refresh, 900);
    return () => clearTimeout(timer);
  }, [phase, session, game.round?.id, refresh]);

  return { session, error, game, balance, bets };
}
