import { Suspense, lazy, useEffect, useState } from 'react';
import { call, session } from './api';
import { TEXTS, type Lang, type Texts } from './i18n';
import { Login } from './Login';
import { Ticker } from './Ticker';
import { Liability } from './Liability';
import { Audit } from './Audit';
import { Clients } from './Clients';
import { Controls } from './Controls';
import { Margins } from './Margins';
import { RISK_TEXTS } from './risk-texts';
import { Results } from './Results';
import { TabBoundary } from './TabBoundary';
import { RESULTS_TEXTS } from './results-texts';
import { EventsPage } from './features/events/events-page';
import { EVENTS_TEXTS } from './features/events/events-texts';
import { EventResultPage } from './features/results/event-result-page';
import { EVENT_RESULT_TEXTS } from './features/results/event-result-texts';
import { BetPage } from './features/bets/bet-page';
import { BET_TEXTS } from './features/bets/bet-texts';

// The dashboard's charting library loads with its tab only.
const Dashboard = lazy(() => import('./Dashboard').then((m) => ({ default: m.Dashboard })));

export interface Me {
  username: string;
  role: 'admin' | 'trader' | 'support';
  brandId: number | null;
  totpEnrolmentRequired: boolean;
}
type Tab =
  | 'ticker'
  | 'bet'
  | 'events'
  | 'result'
  | 'liability'
  | 'controls'
  | 'clients'
  | 'results'
  | 'dashboard'
  | 'audit';

const LANG_KEY = 'sb.ops.lang';
const initialLang = (): Lang =>
  (localStorage.getItem(LANG_KEY) ?? navigator.language).toLowerCase().startsWith('tr') ? 'tr' : 'en';

export function App() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(Boolean(session.get()));
  const [tab, setTab] = useState<Tab>('ticker');
  const [eventId, setEventId] = useState<number | null>(null);
  const [clientId, setClientId] = useState<number | null>(null);
  const t: Texts = TEXTS[lang];

  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem(LANG_KEY, lang);
  }, [lang]);

  useEffect(() => {
    if (!session.get()) return;
    call<Me>('GET', '/ops/v1/session')
      .then((m) => setMe(m.totpEnrolmentRequired ? null : m))
      .catch(() => session.clear())
      .finally(() => setChecking(false));
  }, []);

  const toggleLang = () => setLang(lang === 'en' ? 'tr' : 'en');
  if (checking) return null;
  if (!me)
    return (
      <>
        <header>
          <h1>{t.title}</h1>
          <nav />
          <button onClick={toggleLang}>{t.language}</button>
        </header>
        <Login t={t} onLoggedIn={setMe} />
      </>
    );

  const logout = async () => {
    await call('DELETE', '/ops/v1/session').catch(() => undefined);
    session.clear();
    setMe(null);
  };
  const openEvent = (id: number) => {
    setEventId(id);
    setTab('liability');
  };
  const openClient = (id: number) => {
    setClientId(id);
    setTab('clients');
  };
  const tabs: Tab[] = [
    'ticker',
    'bet',
    'events',
    'result',
    'liability',
    'controls',
    'clients',
    'results',
    'dashboard',
    'audit',
  ];
  const label = (name: Tab) =>
    name === 'bet'
      ? BET_TEXTS[lang].tab
      : name === 'events'
        ? EVENTS_TEXTS[lang].tab
        : name === 'result'
          ? EVENT_RESULT_TEXTS[lang].tab
          : name === 'results' || name === 'dashboard'
            ? RESULTS_TEXTS[lang][name]
            : t[name];
  return (
    <>
      <header>
        <h1>{t.title}</h1>
        <nav>
          {tabs.map((name) => (
            <button key={name} aria-current={tab === name ? 'page' : undefined} onClick={() => setTab(name)}>
              {label(name)}
            </button>
          ))}
        </nav>
        <span className="who" data-testid="who">
          {me.username} · {me.role} · {me.brandId === null ? t.allBrands : `${t.brand} ${me.brandId}`}
        </span>
        <button onClick={toggleLang}>{t.language}</button>
        <button onClick={logout}>{t.logout}</button>
      </header>
      <main>
        {tab === 'ticker' && <Ticker t={t} onEvent={openEvent} onClient={openClient} />}
        {tab === 'events' && <EventsPage lang={lang} me={me} />}
        {tab === 'result' && <EventResultPage lang={lang} me={me} />}
        {tab === 'bet' && <BetPage lang={lang} me={me} />}
        {tab === 'liability' && <Liability t={t} me={me} eventId={eventId} onEvent={setEventId} />}
        {tab === 'results' && <Results lang={lang} me={me} />}
        {tab === 'dashboard' && (
          <TabBoundary message={t.error}>
            <Suspense fallback={null}>
              <Dashboard lang={lang} />
            </Suspense>
          </TabBoundary>
        )}
        {tab === 'audit' && <Audit t={t} />}
        {tab === 'controls' && (
          <div className="controls">
            <Controls t={t} r={RISK_TEXTS[lang]} me={me} />
            <Margins t={t} r={RISK_TEXTS[lang]} me={me} lang={lang} />
          </div>
        )}
        {tab === 'clients' && (
          <Clients t={t} r={RISK_TEXTS[lang]} me={me} clientId={clientId} onClient={openClient} />
        )}
      </main>
    </>
  );
}
