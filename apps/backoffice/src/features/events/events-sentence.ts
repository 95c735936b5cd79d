import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import type { EventsTexts } from './events-texts';

/** A refusal or an outage as a sentence in the desk's language. */
export function sentence(e: unknown, et: EventsTexts, lang: Lang): string {
  // Unreachable or failing: the desk's general sentences (app/error-text.ts), the same on every screen.
  if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return errorText(lang, e);
  if (e.status === 403) return et.errors.forbidden;
  if (e.status === 404) return et.errors.not_found;
  if (e.status === 409) return e.code === 'no_override' ? et.errors.noOverride : et.errors.closed;
  if (e.status === 400) return et.errors.validation;
  return errorText(lang, e);
}
