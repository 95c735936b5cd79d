import type { OpsEventLiability } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { money } from '../../api';
import { BuilderLegs } from '../../components/builder-legs';
import type { Lang, Texts } from '../../i18n';

type Market = OpsEventLiability['markets'][number];

type Selection = Market['selections'][number];

/** A selection's row, with its boosted-price and insured lines under it when it has them. */
function SelectionLines({ t, lang, s }: { t: Texts; lang: Lang; s: Selection }) {
  return (
    <>
      <tr>
        <td>
          {s.label[lang]}
          <BuilderLegs legs={s.builder} lang={lang} />
        </td>
        <td className="num">{s.odd === null ? '—' : formatOdds(s.odd)}</td>
        <td className="num">{s.bets}</td>
        <td className="num">{money(s.stakes)}</td>
        <td className="num">{money(s.payoutIfWins)}</td>
        <td className={`num ${s.net < 0 ? 'neg' : 'pos'}`}>{money(s.net)}</td>
      </tr>
      {s.boosted && (
        <tr data-testid="boosted-line">
          <td>↳ {t.boostedLine}</td>
          <td className="num">{formatOdds(s.boosted.odd)}</td>
          <td className="num">{s.boosted.bets}</td>
          <td className="num">{money(s.boosted.stakes)}</td>
          <td className="num">{money(s.boosted.payoutIfWins)}</td>
          <td />
        </tr>
      )}
      {s.insured && (
        <tr data-testid="insured-line">
          <td>↳ {t.insuredLine}</td>
          <td />
          <td className="num">{s.insured.bets}</td>
          <td />
          <td className="num">{money(s.insured.refundIfLoses)}</td>
          <td />
        </tr>
      )}
    </>
  );
}

/** A market's figures and whether this operator may suspend it. */
interface MarketLiabilityProps {
  t: Texts;
  lang: Lang;
  market: Market;
  canTrade: boolean;
  onAct: (marketId: number, action: 'suspend' | 'resume') => void;
}

/** One market's liability: its suspend or resume, and each selection's bets, stakes, payout and net. */
export function MarketLiability({ t, lang, market: m, canTrade, onAct }: MarketLiabilityProps) {
  return (
    <div className="market" data-market={m.marketId}>
      <h3>
        {m.name[lang]}
        {m.suspended && (
          <span className="tag susp">
            {t.suspended}: {t.reasons[m.suspended as keyof Texts['reasons']] ?? m.suspended}
          </span>
        )}
        <span className="actions">
          {m.marketId !== null &&
            (m.suspended ? (
              <button disabled={!canTrade} onClick={() => onAct(m.marketId!, 'resume')}>
                {t.resume}
              </button>
            ) : (
              <button className="danger" disabled={!canTrade} onClick={() => onAct(m.marketId!, 'suspend')}>
                {t.suspend}
              </button>
            ))}
        </span>
      </h3>
      <table>
        <thead>
          <tr>
            <th>{t.selection}</th>
            <th className="num">{t.odd}</th>
            <th className="num">{t.bets}</th>
            <th className="num">{t.stakes}</th>
            <th className="num">{t.payoutIfWins}</th>
            <th className="num">{t.net}</th>
          </tr>
        </thead>
        <tbody>
          {m.selections.map((s) => (
            <SelectionLines key={s.selectionId} t={t} lang={lang} s={s} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
