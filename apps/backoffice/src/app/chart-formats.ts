import uPlot from 'uplot';
import type { Lang } from '../i18n';

/** Bars for a per-day series (uPlot draws lines by default). */
export const bars = uPlot.paths.bars!({ size: [0.6, 40] });
export const LOCALES: Record<Lang, string> = { en: 'en-GB', tr: 'tr-TR' };

/** Date and time texts of the charts in the desk's language (uPlot's own are English, US order). */
export function formats(lang: Lang) {
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(LOCALES[lang], o);
  const day = f({ day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longDay = f({ weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const minute = f({ hour: '2-digit', minute: '2-digit' });
  const date = f({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const at = (fmt: Intl.DateTimeFormat) => (s: number) => fmt.format(new Date(s * 1000));
  // The value axes' ticks in the language's number style ("0,75", "1.500" in Turkish; uPlot's own are English).
  const number = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 });
  const numbers = (_: uPlot, ticks: number[]) => ticks.map((v) => number.format(v));
  return { day: at(day), longDay: at(longDay), minute: at(minute), date: at(date), numbers };
}
