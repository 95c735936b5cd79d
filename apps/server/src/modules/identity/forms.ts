import { ODDS_FORMATS, type UserPreferences } from '@sb/contract';

import type { Translate } from '../../lib/translate';

export type { Translate };

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for HTML content and quoted attribute values: every value in a form goes through here. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (ch) => ENTITIES[ch] ?? ch);
}

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

function fieldError(t: Translate, errors: FieldErrors, field: string): string {
  const key = errors[field];
  return key ? `<p class="form-error" id="${escapeHtml(field)}-error">${escapeHtml(t(key))}</p>` : '';
}

function notice(t: Translate, message: string | undefined, errors: FieldErrors): string {
  if (Object.keys(errors).length > 0)
    return `<div class="alert alert-danger">${escapeHtml(t('form.invalid'))}</div>`;
  return message ? `<div class="alert alert-success">${escapeHtml(t(message))}</div>` : '';
}

function passwordInput(
  t: Translate,
  errors: FieldErrors,
  name: string,
  label: string,
  autocomplete: string,
): string {
  const invalid = errors[name] ? ' aria-invalid="true"' : '';
  return (
    `<div class="form-group"><label for="${name}">${escapeHtml(t(label))}</label>` +
    `<input type="password" id="${name}" name="${name}" autocomplete="${autocomplete}" required maxlength="200"${invalid}>` +
    `${fieldError(t, errors, name)}</div>`
  );
}

/** The change-password form. Passwords are never echoed back. */
export function renderPasswordForm(t: Translate, errors: FieldErrors = {}, message?: string): string {
  return [
    `<form name="change_password" method="post" action="/api/change-password" enctype="application/x-www-form-urlencoded">`,
    notice(t, message, errors),
    passwordInput(t, errors, 'current_password', 'password_form.current', 'current-password'),
    passwordInput(t, errors, 'new_password', 'password_form.new', 'new-password'),
    passwordInput(t, errors, 'new_password_repeat', 'password_form.repeat', 'new-password'),
    `<p class="form-hint">${escapeHtml(t('password_form.hint'))}</p>`,
    `<button type="submit" class="btn btn-primary">${escapeHtml(t('password_form.submit'))}</button>`,
    `</form>`,
  ].join('');
}

function select(
  name: string,
  label: string,
  options: [string, string][],
  selected: string,
  errors: FieldErrors,
  t: Translate,
) {
  const opts = options
    .map(
      ([value, text]) =>
        `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(text)}</option>`,
    )
    .join('');
  return (
    `<div class="form-group"><label for="${name}">${escapeHtml(label)}</label>` +
    `<select id="${name}" name="${name}">${opts}</select>${fieldError(t, errors, name)}</div>`
  );
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
  return [
    `<form name="preferences" method="post" action="/api/v1/user/prefences/form" enctype="application/x-www-form-urlencoded">`,
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
    `<div class="form-group form-check"><input type="checkbox" id="hide_balance" name="hide_balance" value="1"${prefs.hideBalance ? ' checked' : ''}>`,
    `<label for="hide_balance">${escapeHtml(t('preferences.hide_balance'))}</label></div>`,
    `<button type="submit" class="btn btn-primary">${escapeHtml(t('preferences.submit'))}</button>`,
    `</form>`,
  ].join('');
}
