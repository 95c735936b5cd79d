import type { FastifyPluginAsync } from 'fastify';
import type {} from '@fastify/swagger'; // the `tags`/`summary` schema fields
import type { RawData } from 'ws';
import { FEED_PATH } from '@sb/contract';
import type { FeedHub } from './feed.hub';

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** `GET /ws/feed` (WebSocket upgrade): the live feed. No query parameters: tokens go in an `auth` message. */
export function feedRoutes(hub: FeedHub): FastifyPluginAsync {
  return async (fastify) => {
    fastify.get(
      FEED_PATH,
      {
        websocket: true,
        schema: {
          tags: ['feed'],
          summary:
            'Live feed WebSocket: match_update and market_update by topic (see modules/feed/README.md)',
        },
      },
      (socket, request) => {
        // The upgraded TCP socket: corked while the hub writes a turn's messages, so they leave together.
        const tcp = request.raw.socket;
        const connection = hub.accept({
          get bufferedAmount() {
            return socket.bufferedAmount;
          },
          send: (data) => socket.send(data),
          close: (code, reason) => socket.close(code, reason),
          terminate: () => socket.terminate(),
          ping: () => socket.ping(),
          cork: () => tcp.cork(),
          uncork: () => tcp.uncork(),
        });
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
