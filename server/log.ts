import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { censorTokens } from './auth';

/**
 * The server's structured log (JSON lines on stdout), Fastify's own logger. Requests are logged with their
 * id; the Authorization and Proxy-Authorization headers are censored wherever a request is logged, and so is
 * a token in its URL (which the server refuses), so a token never reaches the log.
 */
export function createLogger(destination?: DestinationStream, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(
    {
      name: 'storefront-studio-server',
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["proxy-authorization"]',
          'req.headers.cookie',
          'headers.authorization',
          'headers["proxy-authorization"]',
        ],
        censor: '[redacted]',
      },
      serializers: { req: serializeRequest, err: pino.stdSerializers.err },
    },
    destination,
  );
}

function serializeRequest(request: IncomingMessage) {
  const serialized = pino.stdSerializers.req(request);
  return { ...serialized, url: censorTokens(serialized.url) };
}
