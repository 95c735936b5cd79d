import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import type { CrashFairnessResponse } from '@sb/contract';
import { useLocalePath } from '@/lib/app-context';
import { crashApi } from './crash-api';
import { cents, formatAmount } from '@sb/betting';

/** The game's fairness: the chain's commitment, salt and formula, and the way to the verifier. */
export function FairnessDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [fair, setFair] = useState<CrashFairnessResponse['result'] | null>(null);
  useEffect(() => {
    void crashApi.fairness().then(setFair, () => undefined);
  }, []);
  return (
    <div className="crash-dialog" role="dialog" aria-modal="true" aria-label={t('crash.fairness')}>
      <div className="crash-dialog__body">
        <h2>{t('crash.fairness')}</h2>
        <p>{t('crash.fairness_text')}</p>
        {fair && (
          <dl className="crash-dialog__list">
            <dt>{t('crash.terminating_hash')}</dt>
            <dd className="crash-hash">{fair.terminatingHash}</dd>
            <dt>{t('crash.salt')}</dt>
            <dd className="crash-hash">{fair.salt ?? t('crash.salt_pending')}</dd>
            <dt>{t('crash.next_chain')}</dt>
            <dd className="crash-hash">
              {fair.next.terminatingHash} ({t('crash.client_seeds')}: {fair.next.clientSeedCount})
            </dd>
            <dt>{t('crash.formula')}</dt>
            <dd>{fair.formula}</dd>
            <dt>{t('crash.rules')}</dt>
            <dd>
              {t('crash.rules_text', {
                betting: fair.rules.bettingMs / 1000,
                pause: fair.rules.pauseMs / 1000,
                max: formatAmount(cents(fair.rules.maxRoundPayout)),
              })}
            </dd>
          </dl>
        )}
        <Link to={to('/aviator/verify')} className="crash-link">
          {t('crash.verifier')}
        </Link>
        <button type="button" className="crash-panel__button" onClick={onClose}>
          {t('crash.close')}
        </button>
      </div>
    </div>
  );
}
