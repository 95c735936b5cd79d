import type { Me } from './app/me';
import type { Lang, Texts } from './i18n';
import { RISK_TEXTS, type RiskTexts } from './risk-texts';
import './risk.css';
import { useClient360 } from './features/clients/use-client-360';
import { mayManageAccounts } from './features/clients/client-accounts';
import { Client360 } from './features/clients/client-360';
import { NewClientForm } from './features/clients/new-client-form';
import { ClientSearch } from './features/clients/client-search';
import { CLIENT_TEXTS } from './features/clients/clients-texts';

/** The route's operator, client and search, and where they change. */
interface ClientsProps {
  t: Texts;
  r: RiskTexts;
  lang: Lang;
  me: Me;
  clientId: number | null;
  onClient: (id: number) => void;
  /** The search the URL holds (`/backoffice/clients/12?q=dem`): its results show beside the client. */
  query: string;
  onQuery: (q: string) => void;
}

/**
 * The client page (the client 360 of issue 35 §2): find a client, then balances, stakes, GGR, risk settings,
 * responsible gambling, block, adjustments, notes, bets (each a link to its page), logins and transactions.
 */
export function Clients({ t, r, lang, me, clientId, onClient, query, onQuery }: ClientsProps) {
  const ct = CLIENT_TEXTS[lang];
  const { page, error, setError, notice, setNotice, reload } = useClient360(t, clientId);
  const onRiskSaved = () => {
    setError(null);
    setNotice('saved');
    reload();
  };

  return (
    <div className="client-page">
      {mayManageAccounts(me) && <NewClientForm lang={lang} me={me} onClient={onClient} />}
      <ClientSearch
        lang={lang}
        r={r}
        query={query}
        onQuery={onQuery}
        onClient={onClient}
        onError={setError}
      />
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? (notice === 'saved' ? RISK_TEXTS[lang].saved : notice && ct[notice])}
        </div>
      )}
      {page && (
        <Client360
          t={t}
          r={r}
          ct={ct}
          lang={lang}
          me={me}
          page={page}
          onRiskSaved={onRiskSaved}
          onError={setError}
          onDone={(done, failed) => {
            setNotice(done);
            setError(failed);
            reload();
          }}
        />
      )}
    </div>
  );
}
