import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Popup } from '@/components/ui/popup';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { todayIn, useDateFormat } from '@/lib/dates';
import { formatUserMoney } from '@/lib/money';
import { useSessionUser } from '@/lib/session';
import { useNextPageMarker } from '@/lib/use-end-marker';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { useLocalePath } from '@/lib/app-context';
import { useBet } from './api/get-bet';
import { useBets } from './api/get-bets';
import type { DateRange } from '@/components/ui/date-range-form';
import { BET_TABS, defaultBetsRange, statusesOf, type BetTab } from './bet-filter';
import { BetCard } from './components/bet-card';
import { FilterPopup } from './components/filter-popup';
import './components/bets.css';

function BetList({
  tab,
  range,
  onCashedOut,
}: {
  tab: BetTab;
  range: DateRange;
  onCashedOut: (betId: number, paid: number, full: boolean) => void;
}) {
  const { t } = useTranslation();
  const query = useBets(statusesOf(tab), range);
  const [hidden, setHidden] = useState<number[]>([]);
  const marker = useNextPageMarker(query);
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError)
    return (
      <p role="alert" className="bets-notice">
        {t('error.generic')}
      </p>
    );
  // Spec §4: a confirmed cash-out hides the row at once (the Open tab no longer holds the bet).
  const bets = query.data.pages.flatMap((p) => p.bets).filter((b) => !hidden.includes(b.id));
  if (bets.length === 0) return <p className="bets-notice">{t('bets.empty')}</p>;
  return (
    <>
      <div className="bet-list" data-testid="bet-list">
        {bets.map((bet) => (
          <BetCard
            key={bet.id}
            bet={bet}
            onCashedOut={(paid, full) => {
              if (full && tab === 'open') setHidden([...hidden, bet.id]);
              onCashedOut(bet.id, paid, full);
            }}
          />
        ))}
      </div>
      <div ref={marker} className="bets-notice" data-testid="list-end">
        {query.isFetchingNextPage ? t('bets.loading_more') : query.hasNextPage ? null : t('bets.end')}
      </div>
    </>
  );
}

/** The bet a transaction links to (`?bet=ID`), opened above the tabs, with a way back to every bet. */
function LinkedBet({ id, onCashedOut }: { id: number; onCashedOut: (paid: number) => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const query = useBet(id);
  return (
    <section className="my-bets__linked" data-testid="linked-bet">
      {query.isPending && <Spinner label={t('app.loading')} />}
      {query.isError && (
        <p role="alert" className="bets-notice">
          {t('bets.not_found', { id })}
        </p>
      )}
      {query.data && <BetCard bet={query.data} initiallyOpen onCashedOut={(paid) => onCashedOut(paid)} />}
      <Link className="my-bets__all" to={to('/account/my-bets')}>
        {t('bets.show_all')}
      </Link>
    </section>
  );
}

/** Spec §2 My bets: tabs Open, Cashout, Processed, All; date filter; infinite list of expandable cards. */
export function MyBetsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [tab, setTab] = useState<BetTab>('open');
  const [range, setRange] = useState<DateRange | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const [cashedOut, setCashedOut] = useState<number | null>(null);
  const dates = useDateFormat();
  const [params] = useSearchParams();
  const linked = Number(params.get('bet'));
  if (!user) return <Spinner label={t('app.loading')} />;
  const today = todayIn(user.timezone);
  const applied = range ?? defaultBetsRange(today);
  const close = () => setCashedOut(null);
  return (
    <div className="my-bets">
      {Number.isSafeInteger(linked) && linked > 0 && (
        <LinkedBet key={linked} id={linked} onCashedOut={(paid) => setCashedOut(paid)} />
      )}
      <Tabs
        label={t('bets.tabs_label')}
        active={tab}
        onSelect={setTab}
        items={BET_TABS.map((key) => ({ key, label: t(`bets.tab.${key}`) }))}
      />
      <div className="my-bets__filter">
        <span data-testid="bets-range">
          {dates.plainDate(applied.from)} – {dates.plainDate(applied.to)}
        </span>
        <Button variant="secondary" onClick={() => setFilterOpen(true)}>
          {t('bets.filter')}
        </Button>
      </div>
      <BetList tab={tab} range={applied} onCashedOut={(_id, paid) => setCashedOut(paid)} key={tab} />
      <FilterPopup
        open={filterOpen}
        range={applied}
        today={today}
        onApply={(next) => {
          setRange(next);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
      <Popup
        open={cashedOut !== null}
        variant="dialog"
        title={t('cashout.success_title')}
        closeLabel={t('cashout.close')}
        onClose={close}
        footer={<Button onClick={close}>{t('cashout.ok')}</Button>}
      >
        <p className="ui-popup__text" data-testid="cash-out-success">
          {t('cashout.success_text', { amount: formatUserMoney(cashedOut ?? 0, user.currency) })}
        </p>
      </Popup>
    </div>
  );
}
