import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import type { FixtureEvent } from '@sb/contract';
import { Tabs } from '@/components/ui/tabs';
import { useLocalePath } from '@/lib/app-context';
import { baseUrl } from '@/lib/runtime-config';
import { useAccessToken } from '@/lib/session';
import { HeadToHead } from './h2h-panel';

/**
 * Spec §4 "Event page tab": 1 Simulation, 2 Statistics, 4 Stream, 0 collapsed. Lineups (3 here) is inert; 5 is
 * the Bet Builder (issue 37, football).
 */
export const TAB = { collapsed: 0, simulation: 1, statistics: 2, lineups: 3, stream: 4, builder: 5 } as const;

// The builder's code loads when its tab opens (the home page's JavaScript budget never carries it).
const BuilderPanel = lazy(async () => ({ default: (await import('../builder/builder-panel')).BuilderPanel }));
/** Football events offer the bet builder (virtual football does not). */
const FOOTBALL = 1;
export type EventTab = (typeof TAB)[keyof typeof TAB];

/** The tab the page opens on: the stream when the event has one, else collapsed (spec §2). */
export const initialTab = (event: Pick<FixtureEvent, 'streamEmbed'>): EventTab =>
  event.streamEmbed ? TAB.stream : TAB.collapsed;

/** Tapping the open tab closes it (spec §2); another tab opens. */
export const nextTab = (current: EventTab, tapped: EventTab): EventTab =>
  tapped === current ? TAB.collapsed : tapped;

/**
 * The simulation frame (spec §2): the match tracker for events with a tracker id (rid), the score
 * visualisation for live events of provider 2 without one; null when neither applies.
 */
export function simulationUrl(
  event: Pick<FixtureEvent, 'id' | 'rid' | 'isLive' | 'providerId'>,
): string | null {
  if (event.rid) return `${baseUrl('api')}/widgets/tracker/${event.id}?view=tracker`;
  if (event.isLive && event.providerId === 2) return `${baseUrl('api')}/widgets/tracker/${event.id}`;
  return null;
}

function Frame({ src, title, height }: { src: string; title: string; height: number }) {
  return <iframe className="event-frame__iframe" src={src} title={title} height={height} loading="lazy" />;
}

function StreamPanel({ event }: { event: FixtureEvent }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const token = useAccessToken();
  // Spec §5: the stream is for logged-in users only.
  if (!token) {
    return (
      <div className="event-frame__login" data-testid="stream-login">
        <p>{t('event.stream_login')}</p>
        <Link className="ui-button ui-button--primary event-frame__login-button" to={to('/login')}>
          {t('nav.login')}
        </Link>
      </div>
    );
  }
  const src = `${baseUrl('api')}/api/v2/play-stream/${event.id}?access_token=${encodeURIComponent(token)}`;
  return <Frame src={src} title={t('event.tab_stream')} height={220} />;
}

function Panel({ tab, event, extra }: { tab: EventTab; event: FixtureEvent; extra?: FixtureEvent }) {
  const { t } = useTranslation();
  if (tab === TAB.stream) return <StreamPanel event={event} />;
  if (tab === TAB.builder)
    return (
      <Suspense fallback={null}>
        <BuilderPanel event={event} extra={extra} />
      </Suspense>
    );
  if (tab === TAB.simulation) {
    const src = simulationUrl(event);
    return src ? (
      <Frame src={src} title={t('event.tab_simulation')} height={260} />
    ) : (
      <p className="event-frame__note">{t('event.no_simulation')}</p>
    );
  }
  if (tab === TAB.statistics) {
    return (
      <>
        {event.rid && (
          <Frame
            src={`${baseUrl('api')}/widgets/stats/${event.rid}`}
            title={t('event.tab_statistics')}
            height={260}
          />
        )}
        <HeadToHead eventId={event.id} />
      </>
    );
  }
  return null;
}

/**
 * Spec §2 event tabs: Live Stream (only with a stream), Simulation, Statistics, Lineups (inert), Bet Builder.
 * `extra`: the sub-event (player markets: anytime, first, last, 2 or more), whose legs the builder offers too.
 */
export function EventTabs({ event, extra }: { event: FixtureEvent; extra?: FixtureEvent }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<EventTab>(() => initialTab(event));
  const items = [
    ...(event.streamEmbed ? [{ key: TAB.stream as EventTab, label: t('event.tab_stream') }] : []),
    { key: TAB.simulation as EventTab, label: t('event.tab_simulation') },
    { key: TAB.statistics as EventTab, label: t('event.tab_statistics') },
    { key: TAB.lineups as EventTab, label: t('event.tab_lineups'), disabled: true },
    ...(event.sport.id === FOOTBALL ? [{ key: TAB.builder as EventTab, label: t('event.tab_builder') }] : []),
  ];
  return (
    <section className="event-tabs" data-tab={tab}>
      <Tabs
        label={t('event.tabs')}
        active={tab === TAB.collapsed ? null : tab}
        onSelect={(k) => setTab(nextTab(tab, k))}
        items={items}
      />
      {tab !== TAB.collapsed && (
        <div className="event-frame" role="tabpanel" data-testid={`event-panel-${tab}`}>
          <Panel tab={tab} event={event} extra={extra} />
        </div>
      )}
    </section>
  );
}
