import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALES, localeQuerySchema, localesResponseSchema, translationsResponseSchema } from '@sb/contract';
import { requestLocale } from '../../lib/locale';
import { TRANSLATIONS } from './translations/index';

export function contentRoutes(): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/v1/translations/get/all',
      {
        schema: {
          tags: ['core'],
          summary: 'Every text of the product in the requested locale (Accept-Language or locale)',
          querystring: localeQuerySchema,
          response: { 200: translationsResponseSchema },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        reply.header('cache-control', 'public, max-age=300');
        reply.header('vary', 'accept-language');
        return { result: { locale, translation: TRANSLATIONS[locale] } };
      },
    );

    app.get(
      '/api/v1/locales',
      {
        schema: {
          tags: ['core'],
          summary: 'Locales the product is translated into, named in the requested locale',
          querystring: localeQuerySchema,
          response: { 200: localesResponseSchema },
        },
      },
      async (request) => {
        const table = TRANSLATIONS[requestLocale(request)];
        return { result: LOCALES.map((locale) => ({ locale, name: table[`language.${locale}`] ?? locale })) };
      },
    );
  };
}
