import { useTranslation } from '@/lib/i18n';
import {
  bankerSplit,
  COUPON_TYPE,
  hasSameEvent,
  SLIP_LIMITS,
  systemOptions,
  type Coupon,
  type CouponPick,
  type CouponType,
} from '@sb/betting';

const TYPES: [CouponType, 'single' | 'multiple' | 'system'][] = [
  [COUPON_TYPE.single, 'single'],
  [COUPON_TYPE.multiple, 'multiple'],
  [COUPON_TYPE.system, 'system'],
];

/** Which coupon types the picks allow (spec §4): multiple needs 2+ picks of different events; system 3–10. */
export function allowedTypes(picks: readonly CouponPick[]): Record<CouponType, boolean> {
  return {
    [COUPON_TYPE.single]: picks.length > 0,
    [COUPON_TYPE.multiple]: picks.length >= 2 && !hasSameEvent(picks),
    [COUPON_TYPE.system]: picks.length <= SLIP_LIMITS.systemSelections && systemOptions(picks).length > 0,
  };
}

/** The chosen systems as the player reads them: `2/3`, with bankers `1B+2/4`. */
export function systemsLabel(coupon: Coupon, picks: readonly CouponPick[]): string {
  const { bankers, free } = bankerSplit(picks);
  return coupon.systems.map((k) => `${bankers ? `${bankers}B+` : ''}${k}/${free}`).join(', ');
}

/** Spec §2 slip header: the coupon type (single, multiple, system) and clear-all. */
export function SlipHeader({
  coupon,
  picks,
  onType,
  onSystem,
  onClear,
}: {
  coupon: Coupon;
  picks: readonly CouponPick[];
  onType: (type: CouponType) => void;
  onSystem: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const allowed = allowedTypes(picks);
  const systems = coupon.type === COUPON_TYPE.system ? systemsLabel(coupon, picks) : '';
  return (
    <div className="slip-header">
      <div className="slip-types" role="group" aria-label={t('betslip.type_label')} data-testid="coupon-type">
        {TYPES.map(([type, name]) => (
          <button
            key={type}
            type="button"
            className="slip-types__type"
            aria-pressed={coupon.type === type}
            data-type={name}
            disabled={!allowed[type]}
            onClick={() => (type === COUPON_TYPE.system ? onSystem() : onType(type))}
          >
            {t(`bet.type.${name}`)}
            {type === COUPON_TYPE.system && systems && (
              <small className="slip-types__systems"> {systems}</small>
            )}
          </button>
        ))}
      </div>
      <button type="button" className="slip-header__clear" onClick={onClear}>
        {t('betslip.clear_all')}
      </button>
    </div>
  );
}
