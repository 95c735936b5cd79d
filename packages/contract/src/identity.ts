import { z } from 'zod';

/**
 * Identity calls (spec §3 Access info, User/session; §7 token, session, change-password, preferences).
 * Money is integer minor units (kuruş/cents) everywhere; `*Format` fields are display strings.
 */

/** Roles a user may have; the web logs out anyone who is not ROLE_CLIENT (spec §4 Session). */
export const ROLES = ['ROLE_CLIENT', 'ROLE_RESELLER'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * `{api}/oauth/v2/token`: GET with the query (spec compat) or POST as
 * application/x-www-form-urlencoded (what our web sends). Same fields either way.
 */
export const passwordGrantRequestSchema = z.object({
  grant_type: z.literal('password'),
  client_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(200),
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
});
export const refreshGrantRequestSchema = z.object({
  grant_type: z.literal('refresh_token'),
  client_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(200),
  refresh_token: z.string().min(1).max(200),
});
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  passwordGrantRequestSchema,
  refreshGrantRequestSchema,
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** Token response. Errors: 400 `invalid_grant` (wrong user/password or bad refresh token, no hint which),
 *  401 `invalid_client`, 429 `too_many_attempts` with a Retry-After header (seconds). */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires (refresh silently before then). */
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export const oddsFormatSchema = z.enum(ODDS_FORMATS);
export type OddsFormat = z.infer<typeof oddsFormatSchema>;

export const currencySchema = z.object({
  symbol: z.string(),
  position: z.enum(['before', 'after']),
  iso_code: z.string().length(3),
});
export type Currency = z.infer<typeof currencySchema>;

/** The client's stored preferences (also edited through the preferences form). */
/**
 * Date patterns a client may choose (preferences); '' is the page language's own style (`27 Nov 2026` in English,
 * `27.11.2026` in Turkish), the default.
 */
export const DATE_FORMATS = ['', 'DD.MM.YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const userPreferencesSchema = z.object({
  oddsFormat: oddsFormatSchema,
  /** What a bet does when its odds moved before acceptance: refuse (none), take any, or only higher. */
  oddsChange: z.enum(['none', 'any', 'higher']),
  language: z.enum(['en', 'tr']),
  timezone: z.string(),
  /** The date pattern the client chose; '' the language's style (also the session's `date_format`). */
  dateFormat: z.string(),
  hideBalance: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** Spec §3 User/session. */
export const sessionUserSchema = z.object({
  uid: z.number().int(),
  group: z.object({ key: roleSchema }),
  /** Withdrawable cash balance in minor units. */
  balance: z.number().int(),
  /** Bonus balance in minor units. */
  bonus: z.number().int(),
  currency: currencySchema,
  /** IANA time zone, e.g. Europe/Istanbul. */
  timezone: z.string(),
  /** Balance formatted per currency: 2 decimals, thousands separator, symbol before/after. */
  balanceFormat: z.string(),
  bonusFormat: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  username: z.string(),
  /** YYYY-MM-DD or null when unknown. */
  date_of_birth: z.string().nullable(),
  /** Display pattern for dates, e.g. DD.MM.YYYY. */
  date_format: z.string(),
  email: z.string(),
  loggedIn: z.boolean(),
  /** Bets still waiting for a result (badge on My Bets). */
  waiting_bets: z.number().int(),
  preferences: userPreferencesSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET {api}/api/get/session (Authorization: Bearer … or X-App-Session: Bearer …); 401 when not valid. */
export const sessionResponseSchema = z.object({
  result: z.object({
    user: sessionUserSchema,
    app: z.object({ meta: z.object({ title: z.string() }) }),
  }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST {api}/api/logout (bearer): revokes the whole session (its access and refresh tokens). */
export const logoutResponseSchema = z.object({ result: z.object({ revoked: z.boolean() }) });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/**
 * GET /api/change-password and GET /api/v1/user/prefences/form → `{result: html}`: a server-rendered
 * <form> (every value escaped) with method="post", an `action` path relative to {api}, and
 * enctype application/x-www-form-urlencoded. The web sanitises it, and submits the form's fields to
 * the action as FormData (multipart) or urlencoded; both are accepted.
 * POST success → 200 `{result: html, message}`; validation failure → 400 with
 * `{error:'validation', message, field, result: html}` (the form again, with errors shown).
 */
export const formHtmlResponseSchema = z.object({
  result: z.string(),
  message: z.string().optional(),
});
export type FormHtmlResponse = z.infer<typeof formHtmlResponseSchema>;

export const formErrorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  result: z.string(),
});
export type FormErrorResponse = z.infer<typeof formErrorResponseSchema>;

/** Field names of the change-password form. */
export const changePasswordFieldsSchema = z.object({
  current_password: z.string().max(200),
  new_password: z.string().max(200),
  new_password_repeat: z.string().max(200),
});
export type ChangePasswordFields = z.infer<typeof changePasswordFieldsSchema>;

/** Field names of the preferences form (checkbox `hide_balance` present = on). */
export const preferencesFieldsSchema = z.object({
  odds_format: oddsFormatSchema,
  odds_change: z.enum(['none', 'any', 'higher']).default('none'),
  language: z.enum(['en', 'tr']),
  timezone: z.string().min(1).max(64),
  date_format: z.enum(DATE_FORMATS).default(''),
  hide_balance: z.string().optional(),
});
export type PreferencesFields = z.infer<typeof preferencesFieldsSchema>;

/**
 * Issue 35 §2, the player's side of a one-time link (a client made on the desk, or an operator's reset):
 * `POST /api/v1/password-setup/check` `{ token }` says whether it is live and whose it is (a body, never a path: request
 * log lines carry paths); `POST /api/v1/password-setup`
 * sets the password (the change-password rules; counted like a login). 400 `invalid_token` for an unknown,
 * expired, replaced or used link; 400 `validation` naming `password` (the message in the page's language).
 */
export const passwordSetupBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(200),
});
export type PasswordSetupBody = z.infer<typeof passwordSetupBodySchema>;
export const passwordSetupCheckBodySchema = z.object({ token: z.string().min(1).max(200) });
export const passwordSetupCheckResponseSchema = z.object({
  result: z.object({ username: z.string(), purpose: z.enum(['new', 'reset']), expiresAt: z.string() }),
});
export type PasswordSetupCheck = z.infer<typeof passwordSetupCheckResponseSchema>['result'];
/** The username to log in with (the page logs the client in with the password just set). */
export const passwordSetupResponseSchema = z.object({ result: z.object({ username: z.string() }) });
