import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@sb/contract';
import { formatUserMoney } from '@/lib/money';
import { USER_QUERY_KEY, useSessionUser } from '@/lib/session';
import { crashApi } from './crash-api';

/** A crash session as the screen keeps it (sessionStorage): its id, currency and whether it is fun money. */
export type CrashSession = { id: string; currency: Currency; demo: boolean };

/** An amount in a bet's currency: the session's symbol when it is the session's currency, else its code after. */
export function crashMoney(minor: number, iso: string, session: CrashSession | null): string {
  const own = session?.currency.iso_code === iso ? session.currency : null;
  return formatUserMoney(minor, own ?? { symbol: iso, position: 'after' });
}

/**
 * The one balance of the crash screen (issue 33 item 4). Real money: the header's own (the session query, the
 * wallet's cash), refreshed whenever a bet of this screen moves money (placed, cashed out by hand, by the server's
 * auto cash-out, or settled by the crash), so the header and the screen never disagree. Fun money has no header
 * balance: the crash session's, from the game's answers and its state after each change.
 */
export function useCrashBalance(session: CrashSession | null) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [fun, setFun] = useState<number | null>(null);
  /** A balance the game answered with (a placement or a cash-out). */
  const answered = useCallback(
    (balance: number) => {
      if (session?.demo) setFun(balance);
      else void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'session'] });
    },
    [session, queryClient],
  );
  /** Money moved on the server (auto cash-out, settlement): read the balance again. */
  const refresh = useCallback(() => {
    if (!session) return;
    if (!session.demo) void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'session'] });
    else
      void crashApi.state(session.id).then(
        (s) => setFun(s.balance),
        () => undefined,
      );
  }, [session, queryClient]);
  let text: string | null = null;
  if (session?.demo && fun !== null) text = formatUserMoney(fun, session.currency);
  else if (session && !session.demo && user) text = formatUserMoney(user.balance, user.currency);
  return { text, answered, refresh, setFun };
}
