import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createAddressCounter } from '../lib/address-counter';

/**
 * At most `max` open HTTP connections per peer address on this instance (issue 32 item 11): one more is closed at
 * once, before a byte is read, so one address cannot hold the instance's sockets. 0 = no cap. Behind a load balancer
 * every connection comes from the balancer: set 0 (or its own count) there and cap at the balancer.
 */
export function capConnectionsPerAddress(app: FastifyInstance, max: number): void {
  if (max <= 0) return;
  const counter = createAddressCounter(max);
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (!counter.take(address)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => counter.release(address));
  });
}

/**
 * A request whose body has not fully arrived `ms` after its headers is cut (issue 32 item 11): the socket is closed,
 * so a slow body cannot hold a connection and a handler open. Node's own `requestTimeout` is checked only every 30 s.
 */
export function cutSlowBodies(app: FastifyInstance, ms: number): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    // Nothing to wait for: a message already whole, a WebSocket upgrade, or no body announced.
    const announced =
      raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined;
    if (raw.complete || raw.headers.upgrade !== undefined || !announced) return;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.warn({ afterMs: ms }, 'request body too slow: connection closed');
      // An injected request (tests, light-my-request) has no real socket to close.
      const socket = raw.socket as Partial<Socket> | undefined;
      if (typeof socket?.destroy === 'function') socket.destroy();
    }, ms);
    timer.unref();
    timers.set(request, timer);
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
  });
  // Answered before the body was read (a refused content type, an unknown route): the connection may stay open for
  // the next request of a keep-alive client, so the timer ends with the response.
  app.addHook('onResponse', async (request) => {
    clearTimeout(timers.get(request));
  });
}
