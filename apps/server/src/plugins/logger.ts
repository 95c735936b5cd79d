import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config';
import { loggableError } from '../lib/db-errors';

/**
 * Logger options. Request lines carry the path only: query strings can hold credentials
 * (the spec's token call sends the password there), and headers with tokens are never logged.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-app-session"]',
        'req.headers["x-token"]',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.access_token',
        '*.refresh_token',
        '*.client_secret',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      // A failed query's parameters (hashes, token digests) and PostgreSQL's `detail` never reach a log line.
      err: (error) => loggableError(error) as { type: string; message: string; stack: string },
      req(request) {
        return {
          method: request.method,
          path: String(request.url ?? '').split('?')[0],
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
