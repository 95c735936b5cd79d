import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import type { TermField } from './campaign-terms';
import type { PromotionsTexts } from './promotions-texts';

/** The first number in a server message (the brand's own limit: "at most 10×", "1 to 90 days"). */
const limitIn = (message: string, fallback: number) =>
  Number(/(\d+)(?:×| days)/.exec(message)?.[1] ?? fallback);

/**
 * The terms validator's refusal (its rule, by the field it names, with the brand's limit), a terms field the
 * server did not accept (named, with what it takes), or the desk's usual sentence.
 */
export function sentence(lang: Lang, pt: PromotionsTexts, e: unknown): string {
  if (e instanceof ApiError && e.code === 'terms_refused') {
    if (e.field === 'terms.wagering') return pt.refused.maxWagering(limitIn(e.message, 10));
    if (e.field === 'terms.expiresInDays') return pt.refused.expiry(limitIn(e.message, 90));
    return pt.refused.singleProduct;
  }
  if (e instanceof ApiError && e.code === 'validation' && e.field?.startsWith('terms.')) {
    const field = e.field.slice('terms.'.length) as TermField;
    if (field in pt.fields) return pt.invalidField(pt.fields[field]!, pt.takes[field]!);
  }
  if (e instanceof ApiError && e.code === 'bonus_running') return pt.bonusRunning;
  return errorText(lang, e);
}
