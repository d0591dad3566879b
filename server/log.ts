import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The server's structured log (JSON lines on stdout). Requests are logged with their id; the Authorization
 * header is censored wherever a request is logged, so a token never reaches the log.
 */
export function createLogger(destination?: DestinationStream, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(
    {
      name: 'storefront-studio-server',
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
        censor: '[redacted]',
      },
      serializers: { req: pino.stdSerializers.req, err: pino.stdSerializers.err },
    },
    destination,
  );
}
