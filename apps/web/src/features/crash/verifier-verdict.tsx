import { useTranslation } from '@/lib/i18n';
import { formatMultiplier } from './crash-math';
import type { Verdict } from './use-verifier';

/** The verifier's answer: the crash point worked out, against the published one, and whether the chain links. */
export function VerifierVerdict({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation();
  return (
    <div className="crash-verdict" data-testid="verify-result" role="status">
      <p>
        {t('crash.verify_point', { point: formatMultiplier(verdict.crashPoint) })}
        {' — '}
        {verdict.published === null
          ? t('crash.verify_unpublished')
          : verdict.published === verdict.crashPoint
            ? t('crash.verify_matches')
            : t('crash.verify_differs', { point: formatMultiplier(verdict.published) })}
      </p>
      {verdict.linked !== null && (
        <p data-testid="verify-link">
          {verdict.linked ? t('crash.verify_linked') : t('crash.verify_not_linked')}
        </p>
      )}
    </div>
  );
}
