import { createAddressCounter } from '../../lib/address-counter';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger'; // the `tags`/`summary` schema fields
import type { RawData } from 'ws';
import { FEED_PATH } from '@sb/contract';
import { HttpError } from '../../plugins/errors';
import type { FeedHub } from './feed.hub';

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** The close code of a connection over the per-address cap (1013: try again later). */
export const TOO_MANY_CONNECTIONS = 1013;

/**
 * `GET /ws/feed` (WebSocket upgrade): the live feed. No query parameters: tokens go in an `auth` message.
 * An address holds at most `maxPerAddress` open connections on this instance: one more is refused before the
 * upgrade with 429 `rate_limited` (or, when several upgrades race past that check, closed with 1013).
 */
export function feedRoutes(
  hub: FeedHub,
  maxPerAddress: number,
  /** The brand of the upgrade request (its host): the connection gets that brand's prices. */
  brandOf: (request: FastifyRequest) => Promise<number | null> = async () => null,
): FastifyPluginAsync {
  const open = createAddressCounter(maxPerAddress);
  const brands = new WeakMap<FastifyRequest, number | null>();
  return async (fastify) => {
    fastify.get(
      FEED_PATH,
      {
        preValidation: async (request) => {
          if (open.count(request.ip) >= maxPerAddress)
            throw new HttpError(
              429,
              'rate_limited',
              `at most ${maxPerAddress} live-feed connections per address`,
              undefined,
              5,
            );
          brands.set(request, await brandOf(request));
        },
        websocket: true,
        schema: {
          tags: ['feed'],
          summary:
            'Live feed WebSocket: match_update and market_update by topic (see modules/feed/README.md)',
        },
      },
      (socket, request) => {
        const address = request.ip;
        if (!open.take(address)) {
          socket.close(TOO_MANY_CONNECTIONS, 'too many connections from this address');
          return;
        }
        socket.once('close', () => open.release(address));
        // The upgraded TCP socket: corked while the hub writes a turn's messages, so they leave together.
        const tcp = request.raw.socket;
        const connection = hub.accept({
          get bufferedAmount() {
            return socket.bufferedAmount;
          },
          // A Buffer is a text's UTF-8 bytes: still a text frame.
          send: (data) => socket.send(data, { binary: false }),
          close: (code, reason) => socket.close(code, reason),
          terminate: () => socket.terminate(),
          ping: () => socket.ping(),
          cork: () => tcp.cork(),
          uncork: () => tcp.uncork(),
        });
        connection.brandId = brands.get(request) ?? null;
        socket.on('message', (data, isBinary) => {
          const buffer = toBuffer(data);
          connection.receive(isBinary ? null : buffer.toString('utf8'), buffer.length);
        });
        socket.on('pong', () => {
          connection.alive = true;
        });
        socket.on('close', () => connection.closedByPeer());
      },
    );
  };
}
