import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useParams } from 'react-router';
import { FeedStatus } from '@/components/sports/feed-status';
import { NotAvailable } from '@/components/sports/not-available';
import { SportBar } from '@/components/sports/sport-bar';
import { useLocalePath } from '@/lib/app-context';
import { useSportCounts } from '@/lib/fixtures/api/get-counts';
import { idParam } from '@/lib/fixtures/navigation';
import { BrowseTiles } from './components/browse-tiles';
import { CompetitionList } from './components/competition-list';
import { CompetitionMatches } from './components/competition-matches';
import { RegionList } from './components/region-list';
import { SportsOverview } from './components/sports-overview';
import './sports-page.css';

/** Which level of the browse the address asks for; `invalid` when an id is not an id. */
export type BrowseLevel =
  | { level: 'sports' }
  | { level: 'regions'; sport: number }
  | { level: 'competitions'; sport: number; region: number }
  | { level: 'matches'; sport: number; region: number; competition: number }
  | { level: 'invalid' };

export function browseLevel(params: {
  sport?: string;
  regionId?: string;
  competitionId?: string;
}): BrowseLevel {
  const { sport, regionId, competitionId } = params;
  if (sport === undefined) return { level: 'sports' };
  const s = idParam(sport);
  if (s === null) return { level: 'invalid' };
  if (regionId === undefined) return { level: 'regions', sport: s };
  const r = regionId === '0' ? 0 : idParam(regionId);
  if (r === null) return { level: 'invalid' };
  if (competitionId === undefined)
    return r === 0 ? { level: 'invalid' } : { level: 'competitions', sport: s, region: r };
  const c = idParam(competitionId);
  return c === null ? { level: 'invalid' } : { level: 'matches', sport: s, region: r, competition: c };
}

/**
 * Spec §2 Sports browse `/sports/:sport?/:regionId?/:competitionId?`: tiles and the event search, then
 * sports with counts (no parameter), a sport's regions, a region's competitions, or a competition's
 * matches (without the sport bar). `search` is the search feature's box, put here by src/app.
 */
export function SportsPage({ search }: { search?: ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const at = browseLevel(useParams());
  const { data: sports } = useSportCounts();
  const sportId = 'sport' in at ? at.sport : null;
  const sport = sportId === null ? undefined : sports?.find((s) => s.ID === sportId);
  const unknownSport = sportId !== null && sports !== undefined && !sport;
  return (
    <div className="sports-page">
      <BrowseTiles />
      {search}
      {(at.level === 'regions' || at.level === 'competitions') && (
        <SportBar
          sports={sports}
          active={sportId}
          hrefFor={(id) => to(id === null ? '/sports' : `/sports/${id}`)}
        />
      )}
      {at.level === 'invalid' || unknownSport ? (
        <NotAvailable
          title={t('sports.not_found_title')}
          text={t('sports.not_found_text')}
          backTo={to('/sports')}
          backLabel={t('sports.back_to_sports')}
        />
      ) : at.level === 'sports' ? (
        <SportsOverview />
      ) : at.level === 'regions' ? (
        <RegionList sportId={at.sport} sportName={sport?.Sport ?? ''} />
      ) : at.level === 'competitions' ? (
        <CompetitionList sportId={at.sport} regionId={at.region} />
      ) : (
        <CompetitionMatches sportId={at.sport} regionId={at.region} competitionId={at.competition} />
      )}
      <FeedStatus />
    </div>
  );
}
