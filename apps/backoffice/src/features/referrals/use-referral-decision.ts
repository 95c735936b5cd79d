import { useCallback, useRef, useState } from 'react';
import type { OpsReferral, OpsReferralDecision } from '@sb/contract';
import { ApiError, money } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { minorOf } from '../../risk-api';
import { acceptReferral } from './api/accept-referral';
import { offerReferral } from './api/offer-referral';
import { rejectReferral } from './api/reject-referral';
import type { ReferralTexts } from './referrals-texts';

/** A refusal as a sentence in the desk's language; a referral decided meanwhile says so. */
const sentence = (lang: Lang, rt: ReferralTexts, e: unknown) =>
  e instanceof ApiError && e.code === 'referral_closed' ? rt.closed : errorText(lang, e);

/** What a decision on the referral did, in the desk's words. */
function doneMessage(
  rt: ReferralTexts,
  kind: 'accept' | 'reject' | 'offer',
  current: OpsReferral,
  done: OpsReferralDecision,
) {
  const id = current.betId;
  return kind === 'offer'
    ? rt.offered(id, `${money(done.offerStake ?? 0)} ${current.currency}`)
    : kind === 'reject'
      ? rt.rejected(id)
      : done.status === 'waiting'
        ? rt.accepted(id)
        : rt.acceptedRejected(id, rt.why_codes[done.rejectReason ?? ''] ?? done.rejectReason ?? '');
}

/**
 * The chosen referral's decision: accept, reject with a reason or counter-offer a lower stake (the form for either
 * focused on opening), its message or refusal, and the queue read again after it.
 */
export function useReferralDecision(
  lang: Lang,
  rt: ReferralTexts,
  current: OpsReferral | null,
  load: () => Promise<void>,
  setError: (error: string | null) => void,
) {
  const [form, setForm] = useState<'reject' | 'offer' | null>(null);
  const [input, setInput] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const decide = useCallback(
    async (kind: 'accept' | 'reject' | 'offer', value = '') => {
      if (!current || busy) return;
      setError(null);
      setMessage(null);
      if (kind === 'reject' && value.trim().length < 3) return setError(rt.needReason);
      const stake = kind === 'offer' ? minorOf(value) : null;
      if (kind === 'offer' && (stake === null || stake <= 0 || stake >= current.stake))
        return setError(rt.badStake);
      setBusy(true);
      try {
        const id = current.betId;
        const done =
          kind === 'accept'
            ? await acceptReferral(id)
            : kind === 'reject'
              ? await rejectReferral(id, value.trim())
              : await offerReferral(id, stake!);
        setMessage(doneMessage(rt, kind, current, done));
        setForm(null);
        setInput('');
      } catch (e) {
        setError(sentence(lang, rt, e));
      } finally {
        setBusy(false);
        void load();
      }
    },
    [current, busy, rt, lang, load, setError],
  );

  const openForm = (kind: 'reject' | 'offer') => {
    setForm(kind);
    setInput('');
    setError(null);
    window.setTimeout(() => inputRef.current?.focus(), 0);
  };

  return { form, setForm, input, setInput, message, busy, inputRef, decide, openForm };
}
