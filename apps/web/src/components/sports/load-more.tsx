import { useTranslation } from '@/lib/i18n';
import { useEndMarker } from '@/lib/use-end-marker';
import './sports.css';

/**
 * The end-of-list marker of an infinite list: asks for the next page when it scrolls into view, with a
 * button as well (keyboard users, and browsers without IntersectionObserver).
 */
export function LoadMore({
  hasMore,
  loading,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  const ref = useEndMarker(onMore, hasMore && !loading);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="load-more">
      <button type="button" className="ui-button ui-button--secondary" disabled={loading} onClick={onMore}>
        {t(loading ? 'app.loading' : 'sports.load_more')}
      </button>
    </div>
  );
}
