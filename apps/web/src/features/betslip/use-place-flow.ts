import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { BetView } from '@sb/contract';
import { ApiError } from '@/lib/api-client';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { clearSlip } from '@/lib/slip-store';
import { USER_QUERY_KEY } from '@/lib/session';
import { applyServerAnswer } from './api/check-bets';
import { chooseFreeBet } from './free-bet/free-bet-store';
import { outcomeUnknown, usePlaceBet } from './api/place-bet';
import { NO_ERRORS, slipErrorsOf, type BetErrorBody, type SlipErrors } from './bet-errors';

interface Attempt {
  /** The slip without its odds (which the server's answers update). */
  shape: string;
  body: string;
  key: string;
  /** The answer never came (or the server failed): the same slip placed again is the same attempt. */
  unknown: boolean;
}

/** The slip's errors from a failed placement (spec §8: bet_error marks the bets; others clear them). */
export function placementErrors(error: unknown): SlipErrors {
  if (!(error instanceof ApiError)) return { perBet: {}, general: [{ code: 'generic' }] };
  const body = error.body as BetErrorBody & { error?: string };
  if (body.error === 'bet_error') return slipErrorsOf(body);
  if (error.status === 429) return { perBet: {}, general: [{ code: 'rate_limited' }] };
  return { perBet: {}, general: [{ code: body.error ?? 'generic' }] };
}

/**
 * Placing the slip: one Idempotency-Key per attempt (an attempt whose outcome is unknown reuses it when the
 * same slip is placed again), the server's odds and max stakes into the slip on bet_error, and after success
 * the slip cleared and the success page. A live bet rejected after its delay keeps the slip and says why.
 */
export function usePlaceFlow() {
  const mutation = usePlaceBet();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const to = useLocalePath();
  const { locale } = useAppContext();
  const attempt = useRef<Attempt | null>(null);
  // Errors belong to the slip they were given for: another slip (selections, type, stake) drops them.
  const [result, setResult] = useState<{ shape: string; errors: SlipErrors }>({
    shape: '',
    errors: NO_ERRORS,
  });
  const setErrors = (errors: SlipErrors) =>
    setResult({ shape: attempt.current?.shape ?? result.shape, errors });

  const succeeded = (bet: BetView) => {
    if (bet.result.key === 'rejected') {
      const reason = bet.reject_reason ? [{ code: bet.reject_reason }] : [];
      setErrors({ perBet: {}, general: [{ code: 'rejected' }, ...reason] });
      attempt.current = null;
      return;
    }
    attempt.current = null;
    setErrors(NO_ERRORS);
    queryClient.setQueryData([USER_QUERY_KEY, 'bets', 'latest', locale], bet);
    // A free bet placed is spent: the slip offers the next one, if any.
    chooseFreeBet(null);
    void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'bonuses'] });
    clearSlip();
    navigate(to('/betslip-successful'));
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.body.error === 'bet_error')
      applyServerAnswer(error.body as BetErrorBody);
    setErrors(placementErrors(error));
    if (attempt.current) attempt.current.unknown = outcomeUnknown(error);
    if (!attempt.current?.unknown) attempt.current = null;
  };

  /** Places `form`; `shape` names the slip without its odds. */
  const place = (form: URLSearchParams, shape: string) => {
    const body = form.toString();
    const previous = attempt.current;
    const key = previous?.unknown && previous.body === body ? previous.key : newIdempotencyKey();
    attempt.current = { shape, body, key, unknown: false };
    mutation.mutate({ form, key }, { onSuccess: succeeded, onError: failed });
  };

  return {
    place,
    /** The errors of the last placement, while the slip is still the one placed. */
    errorsFor: (shape: string) => (result.shape === shape ? result.errors : NO_ERRORS),
    isPending: mutation.isPending,
  };
}
