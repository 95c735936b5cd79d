import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bannersQuerySchema, bannersResponseSchema, errorBodySchema, idParamSchema } from '@sb/contract';
import { EncodedBody, sendEncoded } from '../../lib/encoded-body';
import { requestLocale } from '../../lib/locale';
import { sendUploadedImage } from '../../lib/uploaded-image';
import { notFound } from '../../plugins/errors';
import type { BannersService } from './banners.service';

const errors = { 400: errorBodySchema, 404: errorBodySchema };

/**
 * The player app's banners (issue 35 §1): the request's brand's, live now, for a page and a language; and their
 * pictures, from the brand's own origin. The list is revalidated on every load (ETag, `no-cache`): a change shows
 * at the next load; a picture's address names its content, so it is cached for good.
 */
export function bannersRoutes(deps: {
  banners: BannersService;
  appOf: (request: FastifyRequest) => Promise<{ id: number; defaultLocale: string }>;
}): FastifyPluginAsync {
  const { banners, appOf } = deps;
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['banners'];

    app.get(
      '/api/v1/banners',
      {
        schema: {
          tags,
          summary:
            'The brand’s banners live now on a page (home or casino) in the request’s language, in order',
          querystring: bannersQuerySchema,
          response: { 200: bannersResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const brand = await appOf(request);
        const locale = requestLocale(request, brand.defaultLocale as never);
        const result = await banners.live(brand.id, request.query.placement, locale, brand.defaultLocale);
        return sendEncoded(request, reply, new EncodedBody(JSON.stringify({ result })));
      },
    );

    app.get(
      '/api/v1/banners/images/:file',
      {
        schema: {
          tags,
          summary: 'A banner’s picture: {id}-{hash}.{png|jpg|webp|gif}',
          params: z.object({
            file: z.string().regex(/^\d{1,10}-[0-9a-f]{16}\.(png|jpg|webp|gif)$/, '{id}-{hash}.{ext}'),
          }),
        },
      },
      async (request, reply) => {
        const [name] = request.params.file.split('.') as [string];
        const [idText, hash] = name.split('-') as [string, string];
        const id = idParamSchema.safeParse(idText);
        const found = id.success ? await banners.image(id.data, hash) : null;
        if (!found) throw notFound('picture');
        return sendUploadedImage(reply, found.imageType, found.image);
      },
    );
  };
}
