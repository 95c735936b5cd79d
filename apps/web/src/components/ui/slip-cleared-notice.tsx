import { useTranslation } from '@/lib/i18n';
import { dismissSlipClear, SLIP_MAX_SELECTIONS, undoSlipClear, useSlipStore } from '@/lib/slip-store';
import { Button } from './button';
import './slip-cleared-notice.css';

/**
 * Spec §4: the slip clears when a pick would exceed 25 selections. Said here, on whichever screen the pick was
 * made, with an Undo that puts the previous 25 back (the 26th is not added).
 */
export function SlipClearedNotice() {
  const { t } = useTranslation();
  const cleared = useSlipStore((s) => s.cleared);
  if (!cleared) return null;
  return (
    <div className="slip-cleared" role="alert" data-testid="slip-cleared">
      <p className="slip-cleared__text">{t('betslip.cleared_full', { max: SLIP_MAX_SELECTIONS })}</p>
      <div className="slip-cleared__actions">
        <Button variant="secondary" onClick={dismissSlipClear}>
          {t('betslip.cleared_ok')}
        </Button>
        <Button onClick={undoSlipClear} data-testid="slip-undo">
          {t('betslip.cleared_undo')}
        </Button>
      </div>
    </div>
  );
}
