import { useState, type FormEvent } from 'react';
import { Button } from './button';
import { DateField } from './date-field';

/** A date filter: inclusive calendar dates (YYYY-MM-DD) in the user's time zone. */
export interface DateRange {
  from: string;
  to: string;
}

export type DateRangeProblem = 'end_too_late' | 'start_after_end';

/** The end date cannot be after `latestEnd`; the start cannot come after the end. Dates compare as text. */
export function dateRangeProblem(range: DateRange, latestEnd: string): DateRangeProblem | null {
  if (range.to > latestEnd) return 'end_too_late';
  if (range.from > range.to) return 'start_after_end';
  return null;
}

/**
 * The date-range filter of My bets and Transactions: two dates, what is wrong with them in words, and apply.
 * `latestEnd` is the page's rule (today for My bets, tomorrow for Transactions); `texts` are translated.
 */
export function DateRangeForm({
  initial,
  latestEnd,
  className,
  texts,
  buttonVariant,
  onApply,
}: {
  initial: DateRange;
  latestEnd: string;
  className: string;
  texts: Record<'from' | 'to' | 'apply' | DateRangeProblem, string>;
  buttonVariant?: 'primary' | 'secondary';
  onApply: (range: DateRange) => void;
}) {
  const [range, setRange] = useState(initial);
  const [problem, setProblem] = useState<DateRangeProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = dateRangeProblem(range, latestEnd);
    setProblem(found);
    if (!found) onApply(range);
  };
  return (
    <form className={className} onSubmit={submit} noValidate>
      <DateField
        label={texts.from}
        name="from"
        value={range.from}
        max={range.to}
        onChange={(from) => setRange({ ...range, from })}
      />
      <DateField
        label={texts.to}
        name="to"
        value={range.to}
        max={latestEnd}
        onChange={(to) => setRange({ ...range, to })}
      />
      {problem && (
        <p role="alert" className={`${className}__problem`}>
          {texts[problem]}
        </p>
      )}
      <Button type="submit" variant={buttonVariant}>
        {texts.apply}
      </Button>
    </form>
  );
}
