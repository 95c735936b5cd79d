import type { OpsPermission } from '@sb/contract';
import { useEffect, useState } from 'react';
import { BrowserRouter, NavLink, useLocation } from 'react-router';
import { TEXTS, type Lang, type Texts } from './i18n';
import { setMoneyLang } from './api';
import { Login } from './Login';
import { RESULTS_TEXTS } from './results-texts';
import { EVENTS_TEXTS } from './features/events/events-texts';
import { EVENT_RESULT_TEXTS } from './features/results/event-result-texts';
import { BET_TEXTS } from './features/bets/bet-texts';
import { REFERRAL_TEXTS } from './features/referrals/referrals-texts';
import { PROMOTIONS_TEXTS } from './features/promotions/promotions-texts';
import { BRANDS_TEXTS } from './features/brands/brands-texts';
import { OPERATORS_TEXTS } from './features/operators/operators-texts';
import { may } from './app/may';
import { ADJUSTMENT_TEXTS } from './features/adjustments/adjustments-texts';
import { REPORTS_TEXTS } from './features/reports/reports-texts';
import { DeskRoutes, VIEWS, viewOf, type View } from './app/routes';
import { useDeskSession } from './app/use-desk-session';
import { Loading } from './components/view-state';

const LANG_KEY = 'sb.ops.lang';
const initialLang = (): Lang =>
  (localStorage.getItem(LANG_KEY) ?? navigator.language).toLowerCase().startsWith('tr') ? 'tr' : 'en';

/** The desk under `/backoffice/`: every view has its URL (deep links, Back, reload), react-router as in the player app. */
export function App() {
  return (
    <BrowserRouter basename="/backoffice">
      <Desk />
    </BrowserRouter>
  );
}

/** A view's name in the desk's language (the features and the results workspace keep theirs in their texts). */
export const viewLabel = (lang: Lang, view: View): string =>
  view === 'referrals'
    ? REFERRAL_TEXTS[lang].tab
    : view === 'bets'
      ? BET_TEXTS[lang].tab
      : view === 'events'
        ? EVENTS_TEXTS[lang].tab
        : view === 'result'
          ? EVENT_RESULT_TEXTS[lang].tab
          : view === 'promotions'
            ? PROMOTIONS_TEXTS[lang].tab
            : view === 'brands'
              ? BRANDS_TEXTS[lang].tab
              : view === 'operators' || view === 'access'
                ? OPERATORS_TEXTS[lang][view]
                : view === 'adjustments'
                  ? ADJUSTMENT_TEXTS[lang].tab
                  : view === 'reports'
                    ? REPORTS_TEXTS[lang].tab
                    : view === 'results' || view === 'dashboard'
                      ? RESULTS_TEXTS[lang][view]
                      : TEXTS[lang][view];

/** The views only some roles may open: the permission each needs. */
const NEEDS: Partial<Record<View, OpsPermission>> = {
  adjustments: 'adjust',
  operators: 'manage',
  reports: 'reports',
};

function Desk() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const { me, checking, signedIn, logout } = useDeskSession();
  const { pathname } = useLocation();
  const t: Texts = TEXTS[lang];
  const view = viewOf(pathname);
  // Amounts are formatted in the language this render shows (not the browser's).
  setMoneyLang(lang);

  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem(LANG_KEY, lang);
  }, [lang]);
  // Each tab's title names its view: a desk spread over several monitors and tabs tells them apart.
  useEffect(() => {
    document.title = view ? `${viewLabel(lang, view)} · ${t.title}` : t.title;
  }, [lang, view, t.title]);

  const toggleLang = () => setLang(lang === 'en' ? 'tr' : 'en');
  if (checking) return <Loading label={t.loading} />;
  if (!me)
    return (
      <>
        <header>
          <h1>{t.title}</h1>
          <nav />
          <button onClick={toggleLang}>{t.language}</button>
        </header>
        {/* The URL stays: after the login the deep link's view is drawn. */}
        <Login t={t} onLoggedIn={signedIn} />
      </>
    );

  return (
    <>
      <header>
        <h1>{t.title}</h1>
        <nav>
          {/* A view the role may not use is not offered (the server would refuse it): the approvals queue is for who
              decides adjustments, the operators for admins; one's own access is opened from one's name. */}
          {VIEWS.filter((name) => name !== 'access' && (!NEEDS[name] || may(me, NEEDS[name]))).map((name) => (
            <NavLink key={name} to={`/${name}`}>
              {viewLabel(lang, name)}
            </NavLink>
          ))}
        </nav>
        <NavLink className="who" data-testid="who" to="/access" title={OPERATORS_TEXTS[lang].access}>
          {me.username} · {OPERATORS_TEXTS[lang].roles[me.role]} · {me.brandName ?? t.allBrands}
        </NavLink>
        <button onClick={toggleLang}>{t.language}</button>
        <button onClick={() => void logout()}>{t.logout}</button>
      </header>
      <main>
        <DeskRoutes t={t} lang={lang} me={me} />
      </main>
    </>
  );
}
