import { useTranslation } from '@/lib/i18n';
import { useFeedDegraded } from '@/lib/fixtures/live-feed';
import './sports.css';

/**
 * "Reconnecting, data may be stale" while the live feed is down; the screen keeps its last data. Fixed at
 * the bottom over the page, so showing it shifts nothing.
 */
export function FeedStatus() {
  const { t } = useTranslation();
  const degraded = useFeedDegraded();
  if (!degraded) return null;
  return (
    <p className="feed-status" role="status" data-testid="feed-status">
      {t('sports.feed_stale')}
    </p>
  );
}
