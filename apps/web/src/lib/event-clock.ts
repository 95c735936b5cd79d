import type { TFunction } from 'i18next';
import { formatDateTime } from './dates';

/** What a row needs of an event to show its live clock: the phase (`status`) and the minute or period time. */
export interface ClockEvent {
  status: string;
  periodTime: number;
}

/**
 * The live clock of spec §4 "Event display": football (its phases are first_half, half_time, second_half)
 * shows the minute, 45'+n and 90'+n in added time, or Halftime; other sports show the period's name.
 */
export function liveClock({ status, periodTime: minute }: ClockEvent, t: TFunction): string {
  if (status === 'half_time') return t('phase.half_time');
  if (status === 'first_half') return minute > 45 ? `45'+${minute - 45}` : `${minute}'`;
  if (status === 'second_half') return minute > 90 ? `90'+${minute - 90}` : `${minute}'`;
  const period = /^period_(\d+)$/.exec(status);
  if (period) return t('clock.period', { n: Number(period[1]) });
  if (status.startsWith('break_')) return t('incident.break');
  return t(`phase.${status}`);
}

/** A start time as the user writes dates (their pattern and zone; visitors get the browser's zone). */
export function startTime(iso: string, timeZone: string | undefined, dateFormat: string | undefined): string {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return formatDateTime(iso, zone, `${dateFormat ?? 'DD.MM.YYYY'} HH:mm`);
}
