import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Popup } from '@/components/ui/popup';
import { rangeProblem, type DateRange } from '../bet-filter';
import { DateField } from '@/components/ui/date-field';

function RangeForm({
  initial,
  today,
  onApply,
}: {
  initial: DateRange;
  today: string;
  onApply: (r: DateRange) => void;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(range, today);
    setProblem(found);
    if (!found) onApply(range);
  };
  return (
    <form className="bets-filter" onSubmit={submit} noValidate>
      <DateField
        label={t('bets.from')}
        name="from"
        value={range.from}
        max={range.to}
        onChange={(from) => setRange({ ...range, from })}
      />
      <DateField
        label={t('bets.to')}
        name="to"
        value={range.to}
        max={today}
        onChange={(to) => setRange({ ...range, to })}
      />
      {problem && (
        <p role="alert" className="bets-filter__problem">
          {t(problem)}
        </p>
      )}
      <Button type="submit">{t('bets.apply')}</Button>
    </form>
  );
}

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
      <RangeForm initial={range} today={today} onApply={onApply} />
    </Popup>
  );
}
