import { DATE_FORMATS, ODDS_FORMATS, type UserPreferences } from '@sb/contract';

import { html, type Html } from '../../lib/html';
import type { Translate } from '../content/index';

export type { Translate };

/** Field errors: field name → translation key. */
export type FieldErrors = Record<string, string>;

/** Time zones offered in the preferences form (a client's current zone is always added). */
export const COMMON_TIME_ZONES = [
  'Europe/Istanbul',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/Amsterdam',
  'Europe/Vienna',
  'Europe/Zurich',
  'Europe/Athens',
  'Europe/Kiev',
  'Europe/Moscow',
  'Asia/Baku',
  'Asia/Tbilisi',
  'Asia/Dubai',
  'Asia/Nicosia',
  'Africa/Cairo',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'UTC',
];

function fieldError(t: Translate, errors: FieldErrors, field: string): Html | null {
  const key = errors[field];
  return key ? html`<p class="form-error" id="${field}-error">${t(key)}</p>` : null;
}

function notice(t: Translate, message: string | undefined, errors: FieldErrors): Html | null {
  if (Object.keys(errors).length > 0) return html`<div class="alert alert-danger">${t('form.invalid')}</div>`;
  return message ? html`<div class="alert alert-success">${t(message)}</div>` : null;
}

function passwordInput(
  t: Translate,
  errors: FieldErrors,
  name: string,
  label: string,
  autocomplete: string,
): Html {
  const invalid = errors[name] ? html` aria-invalid="true"` : null;
  return html`<div class="form-group"><label for="${name}">${t(label)}</label><input type="password" id="${name}" name="${name}" autocomplete="${autocomplete}" required maxlength="200"${invalid}>${fieldError(t, errors, name)}</div>`;
}

/** The change-password form. Passwords are never echoed back. */
export function renderPasswordForm(t: Translate, errors: FieldErrors = {}, message?: string): string {
  const fields = [
    notice(t, message, errors),
    passwordInput(t, errors, 'current_password', 'password_form.current', 'current-password'),
    passwordInput(t, errors, 'new_password', 'password_form.new', 'new-password'),
    passwordInput(t, errors, 'new_password_repeat', 'password_form.repeat', 'new-password'),
  ];
  return html`<form name="change_password" method="post" action="/api/change-password" enctype="application/x-www-form-urlencoded">${fields}<p class="form-hint">${t('password_form.hint')}</p><button type="submit" class="btn btn-primary">${t('password_form.submit')}</button></form>`
    .text;
}

function select(
  name: string,
  label: string,
  options: [string, string][],
  selected: string,
  errors: FieldErrors,
  t: Translate,
) {
  const opts = options.map(
    ([value, text]) =>
      html`<option value="${value}"${value === selected ? html` selected` : null}>${text}</option>`,
  );
  return html`<div class="form-group"><label for="${name}">${label}</label><select id="${name}" name="${name}">${opts}</select>${fieldError(t, errors, name)}</div>`;
}

/** The preferences form, prefilled with the client's current choices. */
export function renderPreferencesForm(
  t: Translate,
  prefs: UserPreferences,
  errors: FieldErrors = {},
  message?: string,
): string {
  const zones = COMMON_TIME_ZONES.includes(prefs.timezone)
    ? COMMON_TIME_ZONES
    : [prefs.timezone, ...COMMON_TIME_ZONES];
  const fields = [
    notice(t, message, errors),
    select(
      'odds_format',
      t('preferences.odds_format'),
      ODDS_FORMATS.map((f) => [f, t(`preferences.odds.${f}`)]),
      prefs.oddsFormat,
      errors,
      t,
    ),
    select(
      'odds_change',
      t('preferences.odds_change'),
      (['none', 'higher', 'any'] as const).map((p) => [p, t(`preferences.odds_change.${p}`)]),
      prefs.oddsChange,
      errors,
      t,
    ),
    select(
      'language',
      t('preferences.language'),
      [
        ['en', t('preferences.language.en')],
        ['tr', t('preferences.language.tr')],
      ],
      prefs.language,
      errors,
      t,
    ),
    select(
      'timezone',
      t('preferences.timezone'),
      zones.map((z) => [z, z]),
      prefs.timezone,
      errors,
      t,
    ),
    // Every date of the app and the printed receipt: the language's style, or the client's pattern.
    select(
      'date_format',
      t('preferences.date_format'),
      DATE_FORMATS.map((f) => [f, f === '' ? t('preferences.date_format.language') : f]),
      prefs.dateFormat,
      errors,
      t,
    ),
  ];
  return html`<form name="preferences" method="post" action="/api/v1/user/prefences/form" enctype="application/x-www-form-urlencoded">${fields}<div class="form-group form-check"><input type="checkbox" id="hide_balance" name="hide_balance" value="1"${prefs.hideBalance ? html` checked` : null}><label for="hide_balance">${t('preferences.hide_balance')}</label></div><button type="submit" class="btn btn-primary">${t('preferences.submit')}</button></form>`
    .text;
}
