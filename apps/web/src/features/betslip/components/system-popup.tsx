import { useTranslation } from '@/lib/i18n';
import {
  bankerSplit,
  COUPON_TYPE,
  couponBetCount,
  firstCombinations,
  SLIP_LIMITS,
  systemOptions,
  type Coupon,
  type CouponPick,
} from '@sb/betting';
import { Button } from '@/components/ui/button';
import { Popup } from '@/components/ui/popup';

/** The combinations of the chosen sizes, the first `shown` of `count` (how many more there are under them). */
function SystemCombinations({ shown, count }: { shown: number[][]; count: number }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="system-combos__title">{t('betslip.combinations')}</h3>
      <ol className="system-combos" data-testid="system-combinations">
        {shown.map((legs) => (
          <li key={legs.join('-')}>{legs.map((i) => i + 1).join(' + ')}</li>
        ))}
      </ol>
      {count > shown.length && (
        <p className="system-combos__more">
          {t('betslip.combinations_more', { count: count - shown.length })}
        </p>
      )}
    </>
  );
}

/**
 * Spec §2 system-type popup: every system size the picks offer with its number of bets (ticking one sets type
 * system), and the combinations of the chosen sizes, listed up to 25 (spec §9).
 */
export function SystemPopup({
  open,
  coupon,
  picks,
  onToggle,
  onClose,
}: {
  open: boolean;
  coupon: Coupon;
  picks: readonly CouponPick[];
  onToggle: (k: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { bankers, free } = bankerSplit(picks);
  const chosen = coupon.type === COUPON_TYPE.system ? coupon.systems : [];
  // Counted in closed form; only the combinations shown are made (issue 33 item 2).
  const count = chosen.length > 0 ? couponBetCount(coupon, picks) : 0;
  const shown = count > 0 ? firstCombinations(coupon, picks, SLIP_LIMITS.combinationDisplay) : [];
  return (
    <Popup
      open={open}
      title={t('betslip.system_title')}
      onClose={onClose}
      closeLabel={t('betslip.close')}
      footer={<Button onClick={onClose}>{t('betslip.done')}</Button>}
    >
      <ul className="system-options" data-testid="system-options">
        {systemOptions(picks).map((option) => (
          <li key={option.k}>
            <label className="system-option">
              <input
                type="checkbox"
                checked={chosen.includes(option.k)}
                onChange={() => onToggle(option.k)}
                data-k={option.k}
              />
              <span className="system-option__name">
                {bankers > 0 && t('betslip.system_bankers', { count: bankers })} {option.k}/{free}
              </span>
              <span className="system-option__bets">
                {t('betslip.system_bets', { count: option.combinations })}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {shown.length > 0 && <SystemCombinations shown={shown} count={count} />}
    </Popup>
  );
}
