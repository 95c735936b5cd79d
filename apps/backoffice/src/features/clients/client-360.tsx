import type { OpsClient360 } from '@sb/contract';
import type { Me } from '../../app/me';
import type { Lang, Texts } from '../../i18n';
import type { RiskTexts } from '../../risk-texts';
import { ClientActions } from './client-actions';
import { ResetPasswordPanel } from './client-accounts';
import { ClientHead } from './client-head';
import { BetTable, LoginTable, TransactionTable } from './client-history';
import { ClientResponsibleGambling, ClientStakeLimits } from './client-limits';
import { ClientRewards } from './client-rewards';
import { RiskForm } from './client-risk-form';
import type { ClientNotice, ClientTexts } from './clients-texts';

/** The client's 360 page and where its forms report: a saved risk setting, a refusal, an action done. */
interface Client360Props {
  t: Texts;
  r: RiskTexts;
  ct: ClientTexts;
  lang: Lang;
  me: Me;
  page: OpsClient360;
  onRiskSaved: () => void;
  onError: (error: string | null) => void;
  onDone: (done: ClientNotice | null, failed: string | null) => void;
}

/**
 * One client's file: head and money, risk settings, limits and responsible gambling, actions, password reset, open
 * and settled bets, rewards, logins and transactions.
 */
export function Client360({ t, r, ct, lang, me, page, onRiskSaved, onError, onDone }: Client360Props) {
  return (
    <>
      <ClientHead t={t} r={r} ct={ct} lang={lang} page={page} />
      <div className="three">
        <RiskForm t={t} r={r} me={me} page={page} onSaved={onRiskSaved} onError={onError} />
        <ClientStakeLimits r={r} page={page} />
        <ClientResponsibleGambling r={r} lang={lang} page={page} />
      </div>
      <ClientActions lang={lang} ct={ct} me={me} page={page} onDone={onDone} />
      <ResetPasswordPanel key={page.client.id} lang={lang} me={me} clientId={page.client.id} />
      <div className="two">
        <section className="panel">
          <h3>{r.openBets}</h3>
          <BetTable t={t} lang={lang} bets={page.openBets} testId="client-open-bets" />
        </section>
        <section className="panel">
          <h3>{r.settled}</h3>
          <BetTable t={t} lang={lang} bets={page.settledBets} testId="client-settled-bets" />
        </section>
      </div>
      <ClientRewards lang={lang} clientId={page.client.id} />
      <div className="two">
        <section className="panel">
          <h3>{ct.logins}</h3>
          <LoginTable t={t} lang={lang} ct={ct} page={page} />
        </section>
        <section className="panel">
          <h3>{r.transactions}</h3>
          <TransactionTable t={t} lang={lang} r={r} page={page} />
        </section>
      </div>
    </>
  );
}
