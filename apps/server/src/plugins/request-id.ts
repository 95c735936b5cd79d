import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A request id we take over: 1–128 visible ASCII characters (no spaces, no control characters). */
const ACCEPTABLE = /^[\x21-\x7e]{1,128}$/;

/**
 * Fastify's `genReqId`: the `x-request-id` of a trusted proxy (TRUST_PROXY: the socket's peer is one of its
 * addresses, or `true`) when it is acceptable, else a new UUID. A forged id (from an untrusted peer, over 128
 * characters, or with control characters) is replaced, and never logged: the request serializer logs no headers.
 */
export function requestIdGenerator(trustProxy: boolean | string[]): (req: IncomingMessage) => string {
  const trusted =
    trustProxy === true
      ? () => true
      : trustProxy === false || trustProxy.length === 0
        ? () => false
        : proxyAddr.compile(trustProxy);
  return (req) => {
    const header = req.headers[REQUEST_ID_HEADER];
    const peer = req.socket?.remoteAddress;
    if (typeof header === 'string' && ACCEPTABLE.test(header) && peer && trusted(peer, 0)) return header;
    return randomUUID();
  };
}

/** Every response carries the request's id (also on 404s, errors and shed requests: set before any of them). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
