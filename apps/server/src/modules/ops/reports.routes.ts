import { OPS_REPORTS, opsReportQuerySchema, opsReportResponseSchema } from '@sb/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { brandScope, ctxOf } from './access';
import { opsAnswers } from './ops.schemas';
import { reportCsv, type ReportsService } from './reports.service';

/**
 * `GET /ops/v1/reports/{name}` (issue 35 §4): the book by day, brand, sport and bet type, and the cash-outs and
 * voids, over a range of calendar days in the report's time zone; JSON, or a CSV download (`format=csv`).
 * Registered inside `/ops/v1`: a brand's operator reads their brand's figures only (another brand is a 404).
 */
export function reportsRoutes(reports: ReportsService): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/ops/v1/reports/:name',
      {
        schema: {
          tags: ['ops'],
          summary:
            'A report over a range of days: the book (turnover, GGR, bonus cost, NGR, hold) or cash-outs and voids',
          params: z.object({ name: z.enum(OPS_REPORTS) }),
          querystring: opsReportQuerySchema,
          // The JSON's schema; `format=csv` answers text/csv, which Fastify sends as written (no serializer).
          response: opsAnswers(opsReportResponseSchema),
        },
      },
      async (request, reply) => {
        const q = request.query;
        const brandId = brandScope(ctxOf(request), q.brand);
        const report = await reports.report(request.params.name, q, brandId);
        if (!report) throw new HttpError(404, 'not_found', 'brand not found');
        if (q.format === 'json') return { result: report };
        const file = `${report.name}-${report.from}-${report.to}-${report.timeZone.replace(/\W+/g, '_')}.csv`;
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${file}"`)
            // A text/csv string is sent as written: the route's types know only the JSON's shape.
            .send(reportCsv(report) as never)
        );
      },
    );
  };
}
