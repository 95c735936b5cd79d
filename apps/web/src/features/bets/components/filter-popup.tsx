import { useTranslation } from '@/lib/i18n';
import { Popup } from '@/components/ui/popup';
import { DateRangeForm, type DateRange } from '@/components/ui/date-range-form';

/** Spec §2 My bets filter popup: a date range, end not after today (spec §5). */
export function FilterPopup({
  open,
  range,
  today,
  onApply,
  onClose,
}: {
  open: boolean;
  range: DateRange;
  today: string;
  onApply: (range: DateRange) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup open={open} title={t('bets.filter')} onClose={onClose} closeLabel={t('betslip.close')}>
      {/* Spec §5: the end date cannot be after today. */}
      <DateRangeForm
        initial={range}
        latestEnd={today}
        className="bets-filter"
        texts={{
          from: t('bets.from'),
          to: t('bets.to'),
          apply: t('bets.apply'),
          end_too_late: t('bets.end_after_today'),
          start_after_end: t('bets.start_after_end'),
        }}
        onApply={onApply}
      />
    </Popup>
  );
}
