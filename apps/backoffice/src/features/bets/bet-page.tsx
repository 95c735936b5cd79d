import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { RESULTS_TEXTS } from '../../results-texts';
import { BET_TEXTS } from './bet-texts';
import { may } from '../../app/may';
import { BetLegsTable, BetMoney, BetSummary } from './bet-details';
import { BetNumberForm, VoidBetBox } from './bet-forms';
import { whenOf } from './bet-format';
import { useBetDetail } from './use-bet-detail';

export { deviceOf } from './bet-format';

/** One bet in full (issue 34 item 3): every leg by name, its money and timeline; void it with a reason. */
export function BetPage({
  lang,
  me,
  betId,
  onBet,
}: {
  lang: Lang;
  me: Me;
  /** The bet the URL names (`/backoffice/bets/{id}`), or null. */
  betId: number | null;
  onBet: (id: number) => void;
}) {
  const bt = BET_TEXTS[lang];
  const reasons = RESULTS_TEXTS[lang].voidReasons;
  const { number, setNumber, bet, reason, setReason, message, error, setError, busy, open, doVoid } =
    useBetDetail(lang, bt, betId);
  const when = whenOf(lang);
  const canVoid = may(me, 'settle');

  return (
    <section className="panel">
      <BetNumberForm
        bt={bt}
        betId={betId}
        number={number}
        onNumber={setNumber}
        busy={busy}
        onOpen={(id) => void open(id)}
        onBet={onBet}
        onError={setError}
      />
      {!bet && !error && <p className="status">{bt.enter}</p>}
      {error && <p className="error">{error}</p>}
      {message && <p className="status">{message}</p>}
      {bet && (
        <>
          <BetSummary bt={bt} lang={lang} bet={bet} when={when} />
          {canVoid && bet.status !== 'cancelled' && (
            <VoidBetBox
              bt={bt}
              reasons={reasons}
              reason={reason}
              onReason={setReason}
              busy={busy}
              onVoid={() => void doVoid()}
            />
          )}
          <BetLegsTable bt={bt} lang={lang} bet={bet} when={when} />
          <BetMoney bt={bt} lang={lang} bet={bet} when={when} reasons={reasons} />
        </>
      )}
    </section>
  );
}
