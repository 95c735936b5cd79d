/** Calendar dates as `YYYY-MM-DD` strings in the user's time zone (what date inputs and the server use). */

export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The same day one month earlier, clamped to the month's length (31 March → 28/29 February). */
export function oneMonthBefore(date: string): string {
  const [y, m, d] = parts(date);
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, Math.min(d, last));
}

/**
 * Formats an instant in a time zone with the user's `date_format` pattern (DD, MM, YYYY, HH, mm),
 * e.g. `DD.MM.YYYY HH:mm`.
 */
export function formatDateTime(instant: string | Date, timeZone: string, pattern: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const fields = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => fields.find((p) => p.type === type)?.value ?? '';
  const values: Record<string, string> = {
    YYYY: get('year'),
    MM: get('month'),
    DD: get('day'),
    HH: get('hour'),
    mm: get('minute'),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm/g, (token) => values[token] ?? token);
}

/** A plain `YYYY-MM-DD` date shown with the user's pattern (no time zone shift: it is a calendar date). */
export function formatPlainDate(date: string, pattern: string): string {
  const [y, m, d] = parts(date);
  const values: Record<string, string> = {
    YYYY: iso(y, m, d).slice(0, 4),
    MM: iso(y, m, d).slice(5, 7),
    DD: iso(y, m, d).slice(8, 10),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm/g, (token) => values[token] ?? '');
}
