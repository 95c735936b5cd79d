import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { useLocalePath } from '@/lib/app-context';
import { formatMultiplier } from './crash-math';
import type { CrashGameView } from './use-crash-game';

/** The history strip: the last rounds' crash points, high ones marked. */
export function CrashHistory({ history }: { history: CrashGameView['history'] }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="crash-history" aria-label={t('crash.history')} data-testid="crash-history">
      {/* Each chip opens the verifier on its round (issue 33 item 5). */}
      {history.map((h) => (
        <Link
          key={h.id}
          to={to(`/aviator/verify?round=${h.id}`)}
          className={`crash-history__item${h.crashPoint >= 200 ? ' crash-history__item--high' : ''}`}
          aria-label={t('crash.verify_round', { id: h.id, point: formatMultiplier(h.crashPoint) })}
        >
          {formatMultiplier(h.crashPoint)}
        </Link>
      ))}
    </div>
  );
}
