import {
  opsPickListsResponseSchema,
  opsTickerBetResponseSchema,
  opsTickerResponseSchema,
} from '@sb/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { brandScope, ctxOf } from './access';
import type { DeskService } from './desk.service';
import type { OperatorsService } from './operators';
import { opsAmountParam, opsIdParam, opsAnswers } from './ops.schemas';
import { credentialOf, foreignOrigin } from './session-cookie';
import type { createTickerPump } from './ticker';
import type { EventWatch } from './event-watch';

/** How often an open ticker socket asks whether its session still holds. */
const TICKER_RECHECK_MS = 5_000;

export const boolQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The bet ticker: `GET /ops/v1/bets` (filters, paging), one bet, and the operators' live socket `/ops/v1/ticker`
 * (new bets of the operator's brand; and, on `watch`, notices that an open event view's event changed).
 */
export function tickerRoutes(deps: {
  operators: OperatorsService;
  desk: DeskService;
  pump: ReturnType<typeof createTickerPump>;
  sportNames: () => Promise<{ id: number; name: { en: string; tr: string } }[]>;
  /** Calls back when something shown in an event's view changed (ops/event-watch.ts); answers the unsubscribe. */
  watchEvent: EventWatch;
}): FastifyPluginAsync {
  const { operators, desk } = deps;
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/ops/v1/bets',
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsTickerResponseSchema),
          summary: 'Bet ticker: newest bets first, with filters',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(500).default(50),
            brand: opsIdParam.optional(),
            sport: opsIdParam.optional(),
            event: opsIdParam.optional(),
            client: opsIdParam.optional(),
            minStake: opsAmountParam.optional(),
            live: boolQuery.optional(),
            before: opsIdParam.optional(),
            after: opsAmountParam.optional(),
          }),
        },
      },
      async (request) => {
        const q = request.query;
        const ctx = ctxOf(request);
        const brandId = brandScope(ctx, q.brand);
        if (q.client !== undefined) {
          const clientBrand = await desk.clientBrand(q.client);
          if (clientBrand === null || (brandId !== null && clientBrand !== brandId))
            throw new HttpError(404, 'not_found', 'client not found');
        }
        return {
          result: await desk.ticker({
            limit: q.limit,
            brandId,
            sportId: q.sport,
            eventId: q.event,
            clientId: q.client,
            minStake: q.minStake,
            liveOnly: q.live,
            beforeId: q.before,
            afterId: q.after,
          }),
        };
      },
    );

    app.get(
      '/ops/v1/pick-lists',
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsPickListsResponseSchema),
          summary:
            'The ticker’s pick-lists by name: brands (the operator’s scope), sports, and a client’s name',
          querystring: z.object({ client: opsIdParam.optional() }),
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const [brands, sports] = await Promise.all([desk.brands(ctx.brandId), deps.sportNames()]);
        let client = null;
        if (request.query.client !== undefined) {
          const found = await desk.clientName(request.query.client);
          // Another brand's client is not named (as if it did not exist).
          const brand = found && brands.find((b) => b.id === found.brandId);
          if (!found || !brand) throw new HttpError(404, 'not_found', 'client not found');
          client = { id: found.id, username: found.username, brand };
        }
        return { result: { brands, sports, client } };
      },
    );

    app.get(
      '/ops/v1/bets/:id',
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsTickerBetResponseSchema),
          summary: 'One bet',
          params: z.object({ id: opsIdParam }),
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const bet = await desk.bet(request.params.id, ctx.brandId);
        if (!bet) throw new HttpError(404, 'not_found', 'bet not found');
        return { result: bet };
      },
    );

    // The live ticker: a WebSocket for operators only. The token goes in the first message (never the URL), or
    // the desk's cookie came with the upgrade request from the server's own origin (a cross-site page's socket
    // carries no Strict cookie, and its Origin is refused).
    app.get('/ops/v1/ticker', { websocket: true, schema: { hide: true } }, (socket, upgrade) => {
      const cookieToken = foreignOrigin(upgrade) ? '' : credentialOf(upgrade).token;
      /** Signed in: what ends its subscriptions (the ticker's bets, unless the socket asked for none). */
      let stop: (() => void) | null = null;
      /** The event view open on this socket (one at a time): its subscription. */
      let unwatch: (() => void) | null = null;
      let recheck: ReturnType<typeof setInterval> | null = null;
      const send = (m: unknown) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const timer = setTimeout(() => socket.close(4401, 'auth timeout'), 10_000);
      socket.on('message', async (raw) => {
        let msg: { type?: unknown; token?: unknown; sinceId?: unknown; eventId?: unknown; bets?: unknown };
        try {
          msg = JSON.parse(String(raw)) as typeof msg;
        } catch {
          msg = {};
        }
        // After signing in: `watch` an event's view (eventId; null stops), answered by `event` notices.
        if (stop) {
          if (msg.type !== 'watch') return;
          unwatch?.();
          unwatch = null;
          const eventId = msg.eventId;
          if (typeof eventId === 'number' && Number.isSafeInteger(eventId) && eventId > 0)
            unwatch = deps.watchEvent(eventId, (what) => send({ type: 'event', eventId, what }));
          return;
        }
        const token = msg.type !== 'auth' ? '' : typeof msg.token === 'string' ? msg.token : cookieToken;
        const ctx = token ? await operators.authenticate(token) : null;
        if (!ctx || ctx.scope !== 'full') {
          send({ type: 'error', code: 'unauthorized' });
          socket.close(4401, 'unauthorized');
          return;
        }
        clearTimeout(timer);
        const visible = (b: { brand: { id: number } }) => ctx.brandId === null || b.brand.id === ctx.brandId;
        // `bets: false` (an event view): no ticker on this socket, only the watched event's notices.
        const wantsBets = msg.bets !== false;
        stop = wantsBets
          ? deps.pump.subscribe((bets) => {
              const mine = bets.filter(visible);
              if (mine.length) send({ type: 'bets', bets: mine });
            })
          : () => undefined;
        // Signed in once the ticker knows where it starts: a bet placed after `authenticated` is on this socket.
        if (wantsBets) await deps.pump.ready();
        send({ type: 'authenticated', role: ctx.role });
        // A session ended elsewhere (a logout in another tab, revoked, expired) closes its open sockets too.
        recheck = setInterval(() => {
          operators.stillValid(token).then(
            (valid) => !valid && socket.close(4401, 'session ended'),
            () => undefined,
          );
        }, TICKER_RECHECK_MS);
        if (wantsBets && typeof msg.sinceId === 'number' && Number.isSafeInteger(msg.sinceId)) {
          const missed = await desk.ticker({ afterId: msg.sinceId, brandId: ctx.brandId, limit: 200 });
          if (missed.length) send({ type: 'bets', bets: missed.reverse() });
        }
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (recheck) clearInterval(recheck);
        unwatch?.();
        stop?.();
      });
    });
  };
}
