import { useTranslation } from '@/lib/i18n';
import type { FixtureEvent } from '@sb/contract';
import { FavouriteStar } from '@/components/sports/favourite-star';
import { RegionFlag } from '@/components/sports/region-flag';
import { TeamCrest } from '@/components/sports/team-crest';
import { FAVOURITE_MATCH } from '@/lib/fixtures/api/get-favourites';
import { FOOTBALL } from '@/lib/fixtures/display-rules';
import { liveClock } from '@/lib/fixtures/live-clock';
import { formatStart, useStartTimeContext } from '@/lib/fixtures/start-time';

/** Spec §9: sports other than football show a table of the score per period. */
function PeriodTable({ event }: { event: FixtureEvent }) {
  const { t } = useTranslation();
  const periods = event.data.stats;
  if (event.sport.id === FOOTBALL || periods.length === 0) return null;
  return (
    <table className="period-table" data-testid="period-table">
      <caption className="visually-hidden">{t('event.period_scores')}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('event.team')}</span>
          </th>
          {periods.map((p) => (
            <th key={p.period} scope="col">
              {p.period}
            </th>
          ))}
          <th scope="col">{t('event.total')}</th>
        </tr>
      </thead>
      <tbody>
        {(['home', 'away'] as const).map((side) => (
          <tr key={side}>
            <th scope="row">{event[side].name}</th>
            {periods.map((p) => (
              <td key={p.period}>{p.score[side]}</td>
            ))}
            <td className="period-table__total">{event.data.score[side]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The event page's header: competition, both teams with crests, score and clock (or start time). */
export function EventHeader({ event }: { event: FixtureEvent }) {
  const { t } = useTranslation();
  const dateContext = useStartTimeContext();
  const showScore = event.isLive || event.status === 'ended';
  return (
    <header className="event-header" data-testid="event-header">
      <div className="event-header__meta">
        <span className="event-header__competition">
          <RegionFlag flag={event.region.flag} /> {event.competition.name}
        </span>
        <FavouriteStar
          type={FAVOURITE_MATCH}
          id={event.id}
          name={`${event.home.name} - ${event.away.name}`}
        />
      </div>
      <div className="event-header__teams">
        <div className="event-header__team">
          <TeamCrest logo={event.home.logo} size={40} />
          <span>{event.home.name}</span>
        </div>
        <div className="event-header__centre">
          {showScore ? (
            <span className="event-header__score" data-testid="event-score">
              {event.data.score.home} : {event.data.score.away}
            </span>
          ) : (
            <time className="event-header__start" dateTime={event.startDate}>
              {formatStart(event.startDate, dateContext, t)}
            </time>
          )}
          <span className="event-header__clock" data-testid="event-clock">
            {event.isLive ? liveClock(event, t) : event.status === 'ended' ? t('event.ended') : ''}
          </span>
        </div>
        <div className="event-header__team">
          <TeamCrest logo={event.away.logo} size={40} />
          <span>{event.away.name}</span>
        </div>
      </div>
      <PeriodTable event={event} />
    </header>
  );
}
