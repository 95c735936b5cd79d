import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  formErrorResponseSchema,
  formHtmlResponseSchema,
  localeQuerySchema,
  preferencesFieldsSchema,
} from '@sb/contract';
import type { ZodApp } from '../../lib/zod-app';
import type { Auth } from './auth';
import { renderPasswordForm, renderPreferencesForm, type Translate } from './forms';
import { FormError, preferencesOf, type IdentityService } from './identity.service';
import type { TokensService } from './tokens.service';
import { translatorFor } from '../content/index';

/** Form posts arrive urlencoded or as multipart FormData (keyValues): any flat record of strings. */
const formBodySchema = z.record(z.string(), z.unknown()).optional();
const responses = {
  200: formHtmlResponseSchema,
  400: formErrorResponseSchema,
  401: errorBodySchema,
  403: errorBodySchema,
};
const field = (body: Record<string, unknown> | undefined, name: string) => {
  const value = body?.[name];
  return typeof value === 'string' ? value : '';
};

function formFailure(reply: FastifyReply, t: Translate, error: FormError, html: string) {
  return reply
    .code(400)
    .send({ error: 'validation', message: t(error.key), field: error.field, result: html });
}

const tags = ['api'];

/** The client's account forms (spec §8): change password and preferences, each as HTML and as a form post. */
export function accountRoutes(
  identity: IdentityService,
  tokens: TokensService,
  auth: Auth,
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerPasswordForm(app, identity, tokens, auth);
    registerPreferencesForm(app, identity, auth);
  };
}

/** The change-password form and its post (other logins end; this one stays). */
function registerPasswordForm(
  app: ZodApp,
  identity: IdentityService,
  tokens: TokensService,
  auth: Auth,
): void {
  app.get(
    '/api/change-password',
    {
      schema: {
        tags,
        summary: 'Change-password form HTML (bearer)',
        querystring: localeQuerySchema,
        response: responses,
      },
    },
    async (request) => {
      await auth.requireClient(request);
      return { result: renderPasswordForm(translatorFor(request)) };
    },
  );

  app.post(
    '/api/change-password',
    {
      schema: {
        tags,
        summary: 'Change password (bearer; form fields)',
        querystring: localeQuerySchema,
        body: formBodySchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await auth.requireUser(request, ['ROLE_CLIENT']);
      const t = translatorFor(request);
      const body = request.body;
      try {
        await identity.changePassword(
          user,
          {
            current: field(body, 'current_password'),
            next: field(body, 'new_password'),
            repeat: field(body, 'new_password_repeat'),
          },
          request.ip,
        );
      } catch (error) {
        if (!(error instanceof FormError)) throw error;
        return formFailure(reply, t, error, renderPasswordForm(t, { [error.field]: error.key }));
      }
      // Other logins end with the old password; this one stays.
      await tokens.revokeUser(user.id, 'password_changed', sessionId);
      // Spec §8: the web shows the processing success message; the returned form carries no second notice.
      return { result: renderPasswordForm(t, {}), message: t('password.changed') };
    },
  );
}

/** The preferences form and its post. */
function registerPreferencesForm(app: ZodApp, identity: IdentityService, auth: Auth): void {
  app.get(
    '/api/v1/user/prefences/form',
    {
      schema: {
        tags,
        summary: 'Preferences form HTML (bearer)',
        querystring: localeQuerySchema,
        response: responses,
      },
    },
    async (request) => {
      const user = await auth.requireClient(request);
      return { result: renderPreferencesForm(translatorFor(request), preferencesOf(user)) };
    },
  );

  app.post(
    '/api/v1/user/prefences/form',
    {
      schema: {
        tags,
        summary: 'Save preferences (bearer; form fields)',
        querystring: localeQuerySchema,
        body: formBodySchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const user = await auth.requireClient(request);
      const t = translatorFor(request);
      const parsed = preferencesFieldsSchema.safeParse(request.body ?? {});
      try {
        if (!parsed.success)
          throw new FormError(String(parsed.error.issues[0]?.path[0] ?? 'form'), 'form.required');
        const prefs = {
          oddsFormat: parsed.data.odds_format,
          oddsChange: parsed.data.odds_change,
          language: parsed.data.language,
          timezone: parsed.data.timezone,
          dateFormat: parsed.data.date_format,
          hideBalance: ['1', 'on', 'true'].includes(parsed.data.hide_balance ?? ''),
        };
        await identity.updatePreferences(user, prefs);
        return {
          result: renderPreferencesForm(t, prefs, {}, 'preferences.saved'),
          message: t('preferences.saved'),
        };
      } catch (error) {
        if (!(error instanceof FormError)) throw error;
        return formFailure(
          reply,
          t,
          error,
          renderPreferencesForm(t, preferencesOf(user), { [error.field]: error.key }),
        );
      }
    },
  );
}
