import { useEffect, useState } from 'react';
import type { OpsBetDetail } from '@sb/contract';
import { ApiError, money } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { getBetDetail } from './api/get-bet-detail';
import { voidBet } from './api/void-bet';
import type { BetTexts } from './bet-texts';

/** A refusal or an outage as a sentence in the desk's language. */
function sentence(e: unknown, bt: BetTexts, lang: Lang): string {
  // Unreachable or failing: the desk's general sentences (app/error-text.ts), the same on every screen.
  if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return errorText(lang, e);
  if (e.status === 404 || e.status === 400) return bt.errors.not_found;
  if (e.status === 409) return bt.errors.final;
  if (e.status === 403) return bt.errors.forbidden;
  return errorText(lang, e);
}

/**
 * The bet the URL names, opened (its number in the field), and its void with a reason: the money refunded and
 * reversed said, the bet read again.
 */
export function useBetDetail(lang: Lang, bt: BetTexts, betId: number | null) {
  const [number, setNumber] = useState('');
  const [bet, setBet] = useState<OpsBetDetail | null>(null);
  const [reason, setReason] = useState('palpable_error');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The URL's bet (a deep link, Back, a new number): opened, its number in the field.
  useEffect(() => {
    if (betId === null) return;
    setNumber(String(betId));
    void open(betId);
  }, [betId]);

  async function open(id: number) {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      setBet(await getBetDetail(id));
    } catch (e) {
      setBet(null);
      setError(sentence(e, bt, lang));
    } finally {
      setBusy(false);
    }
  }
  async function doVoid() {
    if (!bet) return;
    setBusy(true);
    setError(null);
    try {
      const done = await voidBet(bet.id, reason);
      setMessage(
        done.unchanged
          ? bt.already
          : bt.voided(money(done.refunded), done.reversed ? money(done.reversed) : ''),
      );
      setBet(await getBetDetail(bet.id));
    } catch (e) {
      setError(sentence(e, bt, lang));
    } finally {
      setBusy(false);
    }
  }

  return { number, setNumber, bet, reason, setReason, message, error, setError, busy, open, doVoid };
}
