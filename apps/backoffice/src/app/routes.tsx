import { Suspense, lazy } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import type { Me } from './me';
import type { Lang, Texts } from '../i18n';
import { Ticker, TICKER_FILTERS } from '../features/ticker/ticker-page';
import { LiabilityPage, LIABILITY_FILTERS } from '../features/liability/liability-page';
import { Audit, AUDIT_FILTERS } from '../Audit';
import { Clients } from '../Clients';
import { Controls } from '../Controls';
import { Margins } from '../Margins';
import { Results, RESULTS_FILTERS } from '../Results';
import { TabBoundary } from '../TabBoundary';
import { RISK_TEXTS } from '../risk-texts';
import { Loading } from '../components/view-state';
import { EventsPage } from '../features/events/events-page';
import { EventResultPage } from '../features/results/event-result-page';
import { BetPage } from '../features/bets/bet-page';
import { ReferralsPage } from '../features/referrals/referrals-page';
import { PromotionsPage } from '../features/promotions/promotions-page';
import { BrandsPage } from '../features/brands/brands-page';
import { AdjustmentsPage } from '../features/adjustments/adjustments-page';
import { ReportsPage } from '../features/reports/reports-page';
import { OperatorsPage } from '../features/operators/operators-page';
import { AccessPage } from '../features/operators/access-page';
import { idParam, useSearchFilters } from './use-search-filters';

// The dashboard's charting library loads with its view only.
const Dashboard = lazy(() => import('../Dashboard').then((m) => ({ default: m.Dashboard })));

/** The desk's views in the header's order; each is the first segment of its URL under /backoffice/. */
export const VIEWS = [
  'ticker',
  'referrals',
  'bets',
  'events',
  'result',
  'liability',
  'controls',
  'clients',
  'adjustments',
  'results',
  'dashboard',
  'reports',
  'promotions',
  'brands',
  'operators',
  'audit',
  /** The operator's own access (opened from their name in the header, not the nav). */
  'access',
] as const;
export type View = (typeof VIEWS)[number];

/** The view a path shows (`/liability/12` → liability), or null. */
export function viewOf(pathname: string): View | null {
  const first = pathname.replace(/^\/backoffice/, '').split('/')[1] ?? '';
  return (VIEWS as readonly string[]).includes(first) ? (first as View) : null;
}

/** The links between views: an event's liability, a client's page. */
function useDeskLinks() {
  const navigate = useNavigate();
  return {
    openEvent: (id: number) => navigate(`/liability/${id}`),
    openClient: (id: number) => navigate(`/clients/${id}`),
  };
}

interface ViewProps {
  t: Texts;
  lang: Lang;
  me: Me;
}

function TickerView({ t, lang, me }: ViewProps) {
  const [filters, setFilters] = useSearchFilters(TICKER_FILTERS);
  const { openEvent, openClient } = useDeskLinks();
  return (
    <Ticker
      t={t}
      lang={lang}
      username={me.username}
      filters={filters}
      onFilters={setFilters}
      onEvent={openEvent}
      onClient={openClient}
    />
  );
}

function LiabilityView({ t, lang, me }: ViewProps) {
  const { eventId } = useParams();
  const [filters, setFilters] = useSearchFilters(LIABILITY_FILTERS);
  const navigate = useNavigate();
  const { search } = useLocation();
  const { openClient } = useDeskLinks();
  return (
    <LiabilityPage
      t={t}
      lang={lang}
      me={me}
      eventId={idParam(eventId)}
      filters={filters}
      onFilters={setFilters}
      // The book's filters stay beside the event it opened (Back returns to the list as it was).
      onEvent={(id) => navigate({ pathname: `/liability/${id}`, search })}
      onClient={openClient}
    />
  );
}

function ClientsView({ t, lang, me }: ViewProps) {
  const { clientId } = useParams();
  const [filters, setFilters] = useSearchFilters({ q: '' });
  const navigate = useNavigate();
  const { search } = useLocation();
  // The search stays beside the client it found (Back returns to the list).
  const openClient = (id: number) => navigate({ pathname: `/clients/${id}`, search });
  return (
    <Clients
      t={t}
      r={RISK_TEXTS[lang]}
      lang={lang}
      me={me}
      clientId={idParam(clientId)}
      onClient={openClient}
      query={filters.q}
      onQuery={(q) => setFilters({ q })}
    />
  );
}

function ResultsView({ lang, me }: ViewProps) {
  const { eventId } = useParams();
  const [filters, setFilters] = useSearchFilters(RESULTS_FILTERS);
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Results
      lang={lang}
      me={me}
      filters={filters}
      onFilters={(next) => setFilters(next, { replace: 'event' in next })}
      eventId={idParam(eventId)}
      onEvent={(id) => navigate({ pathname: `/results/${id}`, search })}
    />
  );
}

function DashboardView({ t, lang }: ViewProps) {
  const [filters, setFilters] = useSearchFilters({ days: '7' });
  return (
    <TabBoundary message={t.error}>
      <Suspense fallback={<Loading label={t.loading} />}>
        <Dashboard
          lang={lang}
          days={Number(filters.days) || 7}
          onDays={(d) => setFilters({ days: String(d) })}
        />
      </Suspense>
    </TabBoundary>
  );
}

function AuditView({ t }: ViewProps) {
  const [filters, setFilters] = useSearchFilters(AUDIT_FILTERS);
  return <Audit t={t} filters={filters} onFilters={setFilters} />;
}

function EventsView({ lang, me }: ViewProps) {
  const { eventId } = useParams();
  const navigate = useNavigate();
  return (
    <EventsPage lang={lang} me={me} eventId={idParam(eventId)} onEvent={(id) => navigate(`/events/${id}`)} />
  );
}

function BetView({ lang, me }: ViewProps) {
  const { betId } = useParams();
  const navigate = useNavigate();
  return <BetPage lang={lang} me={me} betId={idParam(betId)} onBet={(id) => navigate(`/bets/${id}`)} />;
}

function PromotionsView({ lang, me }: ViewProps) {
  const { campaignId } = useParams();
  const navigate = useNavigate();
  return (
    <PromotionsPage
      lang={lang}
      me={me}
      campaignId={idParam(campaignId)}
      onCampaign={(id) => navigate(`/promotions/${id}`)}
    />
  );
}

function BrandsView({ lang, me }: ViewProps) {
  const { brandId } = useParams();
  const navigate = useNavigate();
  return (
    <BrandsPage
      lang={lang}
      me={me}
      brandId={idParam(brandId)}
      onBrand={(id) => navigate(id === null ? '/brands' : `/brands/${id}`)}
    />
  );
}

function NoSuchView({ t }: ViewProps) {
  return (
    <section className="panel" data-testid="no-view">
      <p>{t.noView}</p>
      <Link to="/ticker">{t.toTicker}</Link>
    </section>
  );
}

/** Every view of the desk at its URL; a parameter that is not an id shows the view without it. */
export function DeskRoutes(props: ViewProps) {
  const { t, lang, me } = props;
  return (
    <Routes>
      <Route index element={<Navigate to="/ticker" replace />} />
      <Route path="ticker" element={<TickerView {...props} />} />
      <Route path="referrals" element={<ReferralsPage lang={lang} me={me} />} />
      <Route path="bets" element={<BetView {...props} />} />
      <Route path="bets/:betId" element={<BetView {...props} />} />
      <Route path="events" element={<EventsView {...props} />} />
      <Route path="events/:eventId" element={<EventsView {...props} />} />
      <Route path="result" element={<EventResultPage lang={lang} me={me} />} />
      <Route path="liability" element={<LiabilityView {...props} />} />
      <Route path="liability/:eventId" element={<LiabilityView {...props} />} />
      <Route
        path="controls"
        element={
          <div className="controls">
            <Controls t={t} r={RISK_TEXTS[lang]} me={me} />
            <Margins t={t} r={RISK_TEXTS[lang]} me={me} lang={lang} />
          </div>
        }
      />
      <Route path="clients" element={<ClientsView {...props} />} />
      <Route path="clients/:clientId" element={<ClientsView {...props} />} />
      <Route path="adjustments" element={<AdjustmentsPage lang={lang} />} />
      <Route path="results" element={<ResultsView {...props} />} />
      <Route path="results/:eventId" element={<ResultsView {...props} />} />
      <Route path="dashboard" element={<DashboardView {...props} />} />
      <Route path="reports" element={<ReportsPage lang={lang} />} />
      <Route path="promotions" element={<PromotionsView {...props} />} />
      <Route path="promotions/:campaignId" element={<PromotionsView {...props} />} />
      {/* One route (an optional id): the page, and its notice of a brand just created, stays across the link. */}
      <Route path="brands/:brandId?" element={<BrandsView {...props} />} />
      <Route path="operators" element={<OperatorsPage lang={lang} me={me} />} />
      <Route path="access" element={<AccessPage lang={lang} me={me} />} />
      <Route path="audit" element={<AuditView {...props} />} />
      <Route path="*" element={<NoSuchView {...props} />} />
    </Routes>
  );
}
