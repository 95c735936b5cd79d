import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { FixtureEvent, VirtualRound, VirtualStandingRow } from '@sb/contract';
import { OddButton } from '@/components/ui/odd-button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useFixtureList } from '@/lib/fixtures/api/get-fixture-list';
import { selectionLocked } from '@/lib/fixtures/display-rules';
import { phaseClock } from '@/lib/fixtures/live-clock';
import { useFeedTopics } from '@/lib/fixtures/live-feed';
import { slipPick, useMarketName } from '@/lib/fixtures/slip-pick';
import { useVirtualLeagues } from './api/get-virtual-leagues';
import { useVirtualRounds } from './api/get-virtual-rounds';
import { useVirtualStandings } from './api/get-virtual-standings';
import './virtual.css';

/** Rounds and the table are polled this often; scores and odds also move by the live feed in between. */
const POLL_MS = 4_000;
const MATCH_RESULT = 1;
const OUTCOMES = ['1', 'X', '2'] as const;

/** The browser's clock, ticking each second (the kick-off countdown). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const countdown = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The round's events as fixture rows (odds, live scores), kept current by the feed's `event:<id>` topics. */
function useRoundEvents(sportId: number, round: VirtualRound | undefined, pollMs: number) {
  const ids = round?.matches.map((m) => m.eventId) ?? [];
  useFeedTopics(ids.map((id) => `event:${id}` as const));
  const list = useFixtureList(
    { sport: sportId, event: ids, perPage: 20 },
    { pollMs, enabled: ids.length > 0 },
  );
  const byId = new Map((list.data?.result ?? []).map((e) => [e.id, e]));
  return ids.map((id) => byId.get(id)).filter((e): e is FixtureEvent => e !== undefined);
}

function MatchOdds({ event, closed }: { event: FixtureEvent; closed: boolean }) {
  const marketName = useMarketName();
  const market = event.markets.find((m) => m.t === MATCH_RESULT);
  return (
    <div className="virtual-match__odds">
      {OUTCOMES.map((outcome) => {
        const selection = market?.selections.find((s) => s.outcome === outcome);
        if (!market || !selection)
          return (
            <span key={outcome} className="virtual-match__missing" aria-hidden="true">
              –
            </span>
          );
        return (
          <OddButton
            key={outcome}
            selectionId={selection.id}
            label={outcome}
            odd={selection.odd}
            locked={closed || selectionLocked(selection, market, event)}
            pick={() => slipPick(event, market, selection, { market: marketName(market.t), outcome })}
          />
        );
      })}
    </div>
  );
}

function NextRound({ sportId, league }: { sportId: number; league: number }) {
  const { t } = useTranslation();
  const now = useNow();
  const round = useVirtualRounds(league, 'scheduled', 1, POLL_MS).data?.[0];
  const events = useRoundEvents(sportId, round, 10_000);
  const left = round ? Date.parse(round.kickoffAt) - now : 0;
  const closed = left <= 0;
  return (
    <section className="virtual-section" data-testid="virtual-next" aria-labelledby="virtual-next-title">
      <header className="virtual-section__head">
        <h2 id="virtual-next-title">{t('virtual.next_round')}</h2>
        {round && (
          <span className="virtual-section__meta" data-testid="virtual-countdown">
            {t('virtual.matchday', { n: round.matchday })} ·{' '}
            {closed ? t('virtual.betting_closed') : t('virtual.kickoff_in', { time: countdown(left) })}
          </span>
        )}
      </header>
      {!round || events.length === 0 ? (
        <p className="virtual-empty">{t('virtual.preparing')}</p>
      ) : (
        <ul className="virtual-list">
          {events.map((event) => (
            <li key={event.id} className="virtual-match" data-event-id={event.id}>
              <span className="virtual-match__teams">
                <span>{event.home.name}</span>
                <span>{event.away.name}</span>
              </span>
              <MatchOdds event={event} closed={closed} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InPlay({ sportId, league }: { sportId: number; league: number }) {
  const { t } = useTranslation();
  const round = useVirtualRounds(league, 'live', 1, POLL_MS).data?.[0];
  const events = useRoundEvents(sportId, round, 15_000);
  return (
    <section className="virtual-section" data-testid="virtual-live" aria-labelledby="virtual-live-title">
      <header className="virtual-section__head">
        <h2 id="virtual-live-title">{t('virtual.in_play')}</h2>
        {round && (
          <span className="virtual-section__meta">{t('virtual.matchday', { n: round.matchday })}</span>
        )}
      </header>
      {!round ? (
        <p className="virtual-empty">{t('virtual.none_in_play')}</p>
      ) : (
        <ul className="virtual-list">
          {events.map((event) => (
            <li key={event.id} className="virtual-score" data-event-id={event.id}>
              <span className="virtual-score__clock">
                {!event.isLive
                  ? t('virtual.full_time')
                  : event.status === 'half_time'
                    ? t('virtual.half_time')
                    : phaseClock(event.status, event.periodTime, t)}
              </span>
              <span className="virtual-score__team">{event.home.name}</span>
              <strong className="virtual-score__result" data-testid="virtual-live-score">
                {event.data.score.home}:{event.data.score.away}
              </strong>
              <span className="virtual-score__team virtual-score__team--away">{event.away.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Results({ league }: { league: number }) {
  const { t } = useTranslation();
  const rounds = useVirtualRounds(league, 'ended', 2, POLL_MS).data ?? [];
  return (
    <section
      className="virtual-section"
      data-testid="virtual-results"
      aria-labelledby="virtual-results-title"
    >
      <header className="virtual-section__head">
        <h2 id="virtual-results-title">{t('virtual.results')}</h2>
      </header>
      {rounds.length === 0 && <p className="virtual-empty">{t('virtual.no_results')}</p>}
      {rounds.map((round) => (
        <div key={round.id} className="virtual-results__round" data-round-id={round.id}>
          <h3>{t('virtual.matchday', { n: round.matchday })}</h3>
          <ul className="virtual-list">
            {round.matches.map((m) => (
              <li key={m.eventId} className="virtual-score">
                <span className="virtual-score__clock">{t('virtual.full_time')}</span>
                <span className="virtual-score__team">{m.home.name}</span>
                <strong className="virtual-score__result">
                  {m.score.home}:{m.score.away}
                </strong>
                <span className="virtual-score__team virtual-score__team--away">{m.away.name}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function StandingsRow({ row }: { row: VirtualStandingRow }) {
  return (
    <tr data-team-id={row.teamId} data-played={row.played} data-points={row.points}>
      <td>{row.position}</td>
      <th scope="row" className="virtual-table__team">
        {row.name}
      </th>
      <td>{row.played}</td>
      <td>{row.won}</td>
      <td>{row.drawn}</td>
      <td>{row.lost}</td>
      <td>
        {row.goalsFor}:{row.goalsAgainst}
      </td>
      <td>{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
      <td>
        <strong>{row.points}</strong>
      </td>
    </tr>
  );
}

function Standings({ league }: { league: number }) {
  const { t } = useTranslation();
  const table = useVirtualStandings(league, POLL_MS).data;
  const columns = ['pos', 'team', 'played', 'won', 'drawn', 'lost', 'goals', 'gd', 'points'] as const;
  return (
    <section
      className="virtual-section"
      data-testid="virtual-standings"
      aria-labelledby="virtual-table-title"
    >
      <header className="virtual-section__head">
        <h2 id="virtual-table-title">{t('virtual.standings')}</h2>
        {table && <span className="virtual-section__meta">{t('virtual.season', { n: table.season })}</span>}
      </header>
      {table && (
        <table className="virtual-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className={c === 'team' ? 'virtual-table__team' : undefined}>
                  <abbr title={t(`virtual.col.${c}_title`)}>{t(`virtual.col.${c}`)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <StandingsRow key={row.teamId} row={row} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Virtual football (the route name `virtual_sports`): the next round with its 1X2 odds (a tap puts the odd
 * on the normal bet slip; betting closes at kick-off), the round in play with live scores, the latest results and the
 * league table, per league.
 */
export function VirtualSportsPage() {
  const { t } = useTranslation();
  const leagues = useVirtualLeagues();
  const [chosen, setChosen] = useState<number | null>(null);
  if (leagues.isPending) return <Spinner label={t('app.loading')} />;
  if (!leagues.data) return <p className="virtual-empty">{t('virtual.unavailable')}</p>;
  const { sportId } = leagues.data;
  const league = chosen ?? leagues.data.leagues[0]?.id;
  if (league === undefined) return <p className="virtual-empty">{t('virtual.unavailable')}</p>;
  return (
    <div className="virtual-page" data-testid="virtual-page" data-league={league}>
      <Tabs
        items={leagues.data.leagues.map((l) => ({ key: l.id, label: l.name }))}
        active={league}
        onSelect={setChosen}
        label={t('virtual.leagues')}
      />
      <NextRound sportId={sportId} league={league} />
      <InPlay sportId={sportId} league={league} />
      <Results league={league} />
      <Standings league={league} />
    </div>
  );
}
