import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchemaCompiler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { describeIssues } from '../core/contract';
import type { ErrorBody } from '../core/teamProtocol';
import { errorMessage } from '../core/rules/errorMessage';
import { JsonLimitError, MAX_JSON_BYTES, MAX_JSON_DEPTH, parseJsonWithDepthLimit } from '../core/rules/jsonLimits';
import { quote } from '../core/rules/quote';
import { HttpError, badTarget, internalError, malformedEscape, methodNotAllowed, toHttpError } from './errors';

/**
 * The one Fastify setup of every HTTP server here (the team server, the embedded content service with the
 * sample services, the browser host): the JSON body parser with the size and depth limits, request ids,
 * 400 / 404 / 405 / 413 / 415 answers in one shape, one error handler, the timeouts of a server facing the
 * network, and the lingering close that lets a refused upload's client read its 413.
 */

export type HttpApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/**
 * Timeouts (ms). Headers must arrive within HEADERS_TIMEOUT_MS (a slow-loris client holds no socket longer);
 * a whole request body within REQUEST_TIMEOUT_MS (20 MB at about 1.5 Mbit/s); an idle keep-alive connection
 * is closed after KEEP_ALIVE_TIMEOUT_MS, above the 60 s idle timeout of common load balancers so that they,
 * not we, close first. Event streams are responses, which none of these bound (their heartbeats keep proxies
 * from closing them).
 */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 120_000;
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node checks the two timeouts above: a request passes them by at most this much. */
const TIMEOUT_CHECK_INTERVAL_MS = 5_000;

/**
 * How long the connection of a refused request goes on reading (and dropping) what the client still sends
 * after the answer, before it is closed: closing at once makes the client's kernel meet its next bytes with a
 * reset, which can discard the answer (a 413, a 401) before the client has read it ("lingering close").
 */
export const LINGER_MS = 2_000;

/** A request id from a proxy in front is kept, so one id follows the request through both logs. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** One log line per request, once it is answered: its id (reqId), the request, the status and the time. */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const details = { req: request.raw, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) request.log.warn({ ...details, err: error }, 'request');
    else request.log.info(details, 'request');
  }
}

export interface HttpAppOptions {
  /** Names the server in a 500's message: "The content service failed: …". */
  service: string;
  /** The message of a 404 for a path no route serves. */
  notFoundMessage: (path: string) => string;
  /** The server's pino logger; without one, warnings and errors go to stdout as JSON lines. */
  log?: FastifyBaseLogger;
  /** The value of an empty JSON body; without one, an empty body is a 400. */
  emptyJsonBody?: unknown;
  /** The message of a body that is not JSON, given the parser's (quoted) reason. */
  invalidJsonMessage?: (reason: string) => string;
  /** Whether close() cuts every connection at once (a desktop's own server) instead of letting requests finish. */
  closeConnectionsAtOnce?: boolean;
  /** The answer's body and media type for an error, when it is not the `{error: {code, message}}` JSON. */
  renderError?: (request: FastifyRequest, error: HttpError) => { type: string; body: string };
}

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const bodyLimit = MAX_JSON_BYTES;
  const app = Fastify({
    ...(options.log ? { loggerInstance: options.log } : { logger: { level: 'warn' } }),
    logController: new RequestLog(),
    bodyLimit,
    // A GET route answers HEAD only where it says so: elsewhere HEAD is a 405 like any other method.
    exposeHeadRoutes: false,
    requestIdHeader: false,
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    forceCloseConnections: options.closeConnectionsAtOnce ?? 'idle',
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    // A path with a malformed %-escape, or a target that is not a path, is the client's mistake.
    frameworkErrors: (error, request, reply) => {
      const target = request.raw.url ?? '';
      const refusal = target.startsWith('/') ? malformedEscape(pathOf(target)) : badTarget(target);
      sendHttpError(request, reply, error.code === 'FST_ERR_BAD_URL' ? refusal : httpErrorOf(error));
    },
  }).withTypeProvider<ZodTypeProvider>();

  const httpErrorOf = (error: unknown): HttpError =>
    toHttpError(error, bodyLimit) ?? internalError(options.service, error);

  const sendHttpError = (request: FastifyRequest, reply: FastifyReply, error: HttpError): void => {
    // A request refused before its body was read (413, 401, 415): the rest of it is drained briefly, not read
    // to its end, and the connection then closes.
    if (!request.raw.complete || error.status === 413) {
      reply.header('Connection', 'close');
      lingerAfterReply(reply.raw);
    }
    const rendered = options.renderError?.(request, error) ?? {
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({ error: { code: error.code, message: error.message, ...error.extra } } satisfies ErrorBody),
    };
    void reply.code(error.status).headers(error.headers).type(rendered.type).send(rendered.body);
  };

  app.setValidatorCompiler(zodValidatorCompiler);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body), options));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // "Expect: 100-continue": a body declared larger than the limit is refused before the client sends it.
  app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (!(Number(request.headers['content-length']) > bodyLimit)) response.writeContinue();
    app.server.emit('request', request, response);
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
    const target = request.raw.url ?? '';
    if (!target.startsWith('/') || !URL.canParse(target, 'http://host.invalid')) throw badTarget(target);
  });

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) void reply.header('Cache-Control', 'no-store');
    void reply.header('X-Content-Type-Options', 'nosniff');
  });

  app.setNotFoundHandler(async (request) => {
    const path = pathOf(request.url);
    const allowed = ['GET', 'POST'].filter((method) => app.findRoute({ method, url: path }) !== null);
    if (allowed.length > 0) throw methodNotAllowed(path, allowed);
    throw new HttpError(404, 'no-such-route', options.notFoundMessage(quote(path)));
  });

  app.setErrorHandler(async (error, request, reply) => {
    if (reply.raw.headersSent) {
      // Too late for an error answer: cut the connection so the client sees a failure, not a short body.
      request.log.error({ err: error }, 'failure after the answer began');
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    // A route may take less than the app's limit (the sample translation): its 413 names the route's.
    const http = toHttpError(error, request.routeOptions.bodyLimit);
    if (!http) request.log.error({ err: error }, 'unexpected failure');
    else if (http.status === 503) request.log.warn({ err: error }, 'store unavailable');
    sendHttpError(request, reply, http ?? internalError(options.service, error));
  });

  return app;
}

/** The path of a request target, without its query. */
export function pathOf(target: string): string {
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query);
}

/** A JSON request body within the size and depth limits of core/rules/jsonLimits.ts. */
function parseJsonBody(text: string, options: HttpAppOptions): unknown {
  if (text.trim() === '') {
    if (options.emptyJsonBody !== undefined) return options.emptyJsonBody;
    throw new HttpError(400, 'invalid-json', 'The request body is empty; send a JSON object.');
  }
  try {
    // The bytes are counted by Fastify's bodyLimit as the body arrives.
    return parseJsonWithDepthLimit(text, MAX_JSON_DEPTH);
  } catch (error) {
    if (error instanceof JsonLimitError) throw new HttpError(400, 'too-deep', `The request body is ${error.message}.`);
    const reason = quote(errorMessage(error));
    const message = options.invalidJsonMessage?.(reason) ?? `The request body is not valid JSON: ${reason}`;
    throw new HttpError(400, 'invalid-json', message);
  }
}

/**
 * Route schemas are the zod schemas of core/teamProtocol.ts. A refusal names what was refused by the
 * schema's description ("Invalid saveContent body: …"), its issues quoting at most 100 characters.
 */
const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const parsed = schema.safeParse(data);
    if (parsed.success) return { value: parsed.data };
    const what = schema.description ?? httpPart ?? 'request';
    return { error: new HttpError(400, 'invalid-input', `Invalid ${what}: ${describeIssues(parsed.error)}`) };
  };

/**
 * Once the answer is written, Node closes a "Connection: close" socket outright (destroySoon). This one ends
 * its sending side instead and lingers: it closes when the client has finished sending, or after LINGER_MS.
 */
export function lingerAfterReply(response: ServerResponse): void {
  const socket = response.socket;
  if (!socket) return;
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}

/** Starts listening; the URL to reach the server, with an IPv6 host in brackets. */
export async function listen(app: HttpApp, port: number, host: string): Promise<{ url: string; port: number }> {
  await app.listen({ port, host });
  const boundPort = (app.server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${boundPort}`, port: boundPort };
}
