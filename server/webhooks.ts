import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { LiveEntry } from '../core/live';
import { errorMessage } from '../core/rules/errorMessage';
import { pageBounds, type AuditClient } from '../core/store';
import {
  AUDIT_ACTIONS,
  WEBHOOK_EVENTS,
  WebhookEventSchema,
  type WebhookDeliveriesAnswer,
  type WebhookEvent,
  type WebhookPayload,
} from '../core/teamProtocol';
import { COMMAND_LINE, auditInsert, recordAudit } from './audit';
import type { Queryable } from './db/database';

/**
 * Webhooks (issue 24 §3): receivers registered from the command line are told of every go-live and rollback
 * they subscribed to. A move enqueues one job per subscribed webhook in the move's own transaction (pg-boss
 * writes the job with the transaction's connection), so a committed move is never left undelivered and a
 * rolled-back one never delivered. pg-boss, in the same database, hands each job to one worker of any server
 * process, retries it with exponential backoff, and fails a job whose process died mid-attempt back into the
 * queue: every receiver gets each move at least once (the X-Studio-Delivery header lets it skip a repeat).
 * Every attempt's answer is recorded in webhook_attempts (migration 009) for `webhook deliveries` and GET
 * /webhooks/deliveries.
 */

// ---------------------------------------------------------------------------------------------------------
// Registration: `npm run server -- webhook add URL --events live,rollback | list | remove ID | deliveries [ID]`.

/** Why a receiver's URL is refused, or null when it will do. */
export function webhookUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `'${text}' is not a URL. Give the receiver's whole address, like https://shop.example.com/studio-hook.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `A webhook URL starts with https:// or http://, not ${url.protocol}//.`;
  // fetch refuses such URLs, and the URL is shown by `webhook list` and the deliveries: the secret signs instead.
  if (url.username || url.password)
    return 'A webhook URL holds no user name or password: the receiver checks the X-Studio-Signature header instead.';
  return null;
}

/** `--events live,rollback`: the events named, each once; every event when the option is not given. */
export function parseWebhookEvents(text: string | undefined): WebhookEvent[] | string {
  if (text === undefined) return [...WEBHOOK_EVENTS];
  const names = text.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !WebhookEventSchema.safeParse(name).success);
  if (unknown.length > 0 || names.length === 0)
    return `--events takes ${WEBHOOK_EVENTS.join(', ')} or both, separated by a comma, not '${text}'.`;
  return WEBHOOK_EVENTS.filter((event) => names.includes(event));
}

export interface WebhookListing {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
}

/** The prefix of a webhook's secret, so one found in a file is recognised for what it is. */
const SECRET_PREFIX = 'whsec_';

/**
 * Registers a receiver and answers its id and secret: the only time the secret is shown. The webhook and its
 * audit entry (which names the URL and events, never the secret) are written by one statement.
 */
export async function addWebhook(
  db: Queryable,
  url: string,
  events: readonly WebhookEvent[],
  by: AuditClient = COMMAND_LINE,
): Promise<{ id: number; secret: string }> {
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  const audit = auditInsert(
    { client: by, action: AUDIT_ACTIONS.webhookAdd, result: 'ok', details: { url, events } },
    4,
  );
  const { rows } = await db.query<{ id: number }>(
    `WITH added AS (INSERT INTO webhooks (url, events, secret) VALUES ($1, $2, $3) RETURNING id),
          audit AS (${audit.sql})
     SELECT id FROM added`,
    [url, events, secret, ...audit.values],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('Adding the webhook answered nothing.');
  return { id, secret };
}

export async function listWebhooks(db: Queryable): Promise<WebhookListing[]> {
  const { rows } = await db.query<{ id: number; url: string; events: WebhookEvent[]; created_at: Date }>(
    'SELECT id, url, events, created_at FROM webhooks ORDER BY id',
  );
  return rows.map(({ id, url, events, created_at }) => ({ id, url, events, createdAt: created_at.toISOString() }));
}

/**
 * Removes a webhook with its deliveries, and audits it; false when there is none with that id. Its jobs
 * still queued find it gone and end without a request.
 */
export async function removeWebhook(db: Queryable, id: number, by: AuditClient = COMMAND_LINE): Promise<boolean> {
  const { rows } = await db.query<{ url: string }>('DELETE FROM webhooks WHERE id = $1 RETURNING url', [id]);
  const removed = rows[0];
  if (!removed) return false;
  await recordAudit(db, {
    client: by,
    action: AUDIT_ACTIONS.webhookRemove,
    result: 'ok',
    details: { id, url: removed.url },
  });
  return true;
}

/** Deliveries newest first, each with its attempts oldest first: of every webhook, or of one. */
export async function listWebhookDeliveries(
  db: Queryable,
  query: { webhook?: number; limit?: number; offset?: number },
): Promise<WebhookDeliveriesAnswer> {
  const { limit, offset } = pageBounds(query);
  const webhook = query.webhook ?? null;
  const [deliveries, count] = await Promise.all([
    db.query<{
      id: string;
      webhook: number;
      url: string;
      event: WebhookEvent;
      created_at: Date;
      attempts: { attempt: number; status: number | null; error: string | null; at: string }[];
    }>(
      `SELECT d.id, d.webhook_id AS webhook, w.url, d.event, d.created_at,
              coalesce((SELECT json_agg(json_build_object(
                                 'attempt', a.attempt, 'status', a.status, 'error', a.error,
                                 'at', to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                               ORDER BY a.attempt)
                          FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempts
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE $1::integer IS NULL OR d.webhook_id = $1
        ORDER BY d.created_at DESC, d.id LIMIT $2 OFFSET $3`,
      [webhook, limit, offset],
    ),
    db.query<{ total: number }>(
      'SELECT count(*)::integer AS total FROM webhook_deliveries WHERE $1::integer IS NULL OR webhook_id = $1',
      [webhook],
    ),
  ]);
  return {
    deliveries: deliveries.rows.map(({ created_at, ...delivery }) => ({
      ...delivery,
      createdAt: created_at.toISOString(),
    })),
    total: count.rows[0]?.total ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The payload and its signature

/** A move's payload: the event, its release (null for a single page), and the page × country items it moved. */
function webhookPayload(event: WebhookEvent, release: string | null, entries: readonly LiveEntry[], at: string) {
  const items = entries.map(({ pageKey, version, hash }) => ({ pageKey, country: pageKey.country, version, hash }));
  return { event, release, items, at } satisfies WebhookPayload;
}

/** The X-Studio-Signature header's value: sha256= and the hex HMAC-SHA256 of the exact body with the secret. */
function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

// ---------------------------------------------------------------------------------------------------------
// Retries

/** How pg-boss retries a delivery that failed (its retryLimit, retryDelay in seconds, retryBackoff). */
export interface WebhookRetry {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
}

/**
 * Twelve attempts: the first at once, then retries after 1-2 min, 2-4 min, ... up to 17-34 h, so a receiver
 * down for a whole day still gets the delivery (34 h at the shortest).
 */
export const DEFAULT_WEBHOOK_RETRY: WebhookRetry = { retryLimit: 11, retryDelaySeconds: 60, retryBackoff: true };

/**
 * The waits before each retry, shortest and longest, in seconds, as pg-boss computes them (failJobs in its
 * plans.js): with backoff, retry n waits delay × 2^min(16, n) / 2, plus up to as much again at random;
 * without, the delay each time.
 */
export function retryWaits({ retryLimit, retryDelaySeconds, retryBackoff }: WebhookRetry) {
  return Array.from({ length: retryLimit }, (_, index) => {
    const shortest = retryBackoff ? (retryDelaySeconds * 2 ** Math.min(16, index + 1)) / 2 : retryDelaySeconds;
    return { shortest, longest: retryBackoff ? 2 * shortest : shortest };
  });
}

/** How long a delivery may wait in the queue: its longest retry span and a day more (pg-boss's keepUntil). */
function keepSeconds(retry: WebhookRetry): number {
  return retryWaits(retry).reduce((sum, wait) => sum + wait.longest, 0) + 24 * 60 * 60;
}

// ---------------------------------------------------------------------------------------------------------
// Delivery through pg-boss

/** pg-boss's queue of deliveries, one job per webhook and move. */
const WEBHOOK_QUEUE = 'webhook-delivery';

/** What a job carries: the webhook's id (its URL and secret are read at each attempt) and the exact body. */
interface DeliveryJob {
  webhook: number;
  event: WebhookEvent;
  body: string;
}

export interface WebhookDeliveryOptions extends WebhookRetry {
  /** How long an attempt waits for the receiver's answer. */
  timeoutMs: number;
  /** How often an idle worker asks the queue for a job (pg-boss allows 0.5 s at least). */
  pollingIntervalSeconds: number;
}

const DEFAULT_OPTIONS: WebhookDeliveryOptions = {
  ...DEFAULT_WEBHOOK_RETRY,
  timeoutMs: 10_000,
  pollingIntervalSeconds: 2,
};

/** Deliveries in flight at once per server process: one slow receiver does not hold up the others. */
const WORKERS = 4;

export interface WebhookDelivery {
  /** The job queue the deliveries run on (pg-boss); releases' schedules run on it too (server/releases/). */
  readonly jobs: PgBoss;
  /** Enqueues the move's deliveries in `transaction`, the move's own: they exist if and only if it commits. */
  enqueue(
    transaction: Queryable,
    event: WebhookEvent,
    release: string | null,
    entries: readonly LiveEntry[],
  ): Promise<void>;
  /** Stops taking jobs, lets the attempts in flight finish (at most `graceMs`), and disconnects. */
  stop(graceMs: number): Promise<void>;
}

/**
 * Starts pg-boss on the server's database (its own schema, pgboss, installed on first start; two processes
 * starting together take turns by its lock) and this process's delivery workers.
 */
export async function startWebhookDelivery(settings: {
  databaseUrl: string;
  db: Queryable;
  log: Pick<Logger, 'info' | 'warn'>;
  options?: Partial<WebhookDeliveryOptions>;
}): Promise<WebhookDelivery> {
  const { db, log } = settings;
  const options = { ...DEFAULT_OPTIONS, ...settings.options };
  // No cron schedules here, so no clock monitor; supervision stays on: it fails the jobs of a process that died
  // mid-attempt back into the queue, and archives finished jobs.
  const boss = new PgBoss({ connectionString: settings.databaseUrl, max: 3, schedule: false });
  boss.on('error', (error) => log.warn({ err: errorMessage(error) }, 'webhooks: job queue error'));
  await boss.start();
  await boss.createQueue(WEBHOOK_QUEUE);

  async function attempt(job: PgBoss.JobWithMetadata<DeliveryJob>): Promise<void> {
    const { webhook, event, body } = job.data;
    const found = (
      await db.query<{ url: string; secret: string }>('SELECT url, secret FROM webhooks WHERE id = $1', [webhook])
    ).rows[0];
    if (!found) return; // removed since: its deliveries went with it
    const number = job.retryCount + 1;
    const answer = await post(found.url, {
      'content-type': 'application/json',
      'user-agent': 'Storefront-Studio-Webhooks',
      'x-studio-event': event,
      'x-studio-delivery': job.id,
      'x-studio-signature': webhookSignature(found.secret, body),
    });
    await db.query(
      `INSERT INTO webhook_attempts (delivery_id, attempt, status, error) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [job.id, number, answer.status ?? null, answer.error ?? null],
    );
    const context = { webhook, delivery: job.id, attempt: number, ...answer };
    if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
      log.info(context, 'webhooks: delivered');
      return;
    }
    log.warn(context, 'webhooks: attempt failed');
    // pg-boss retries a job whose handler throws.
    throw new Error(answer.error ?? `the receiver answered ${answer.status}`);

    async function post(url: string, headers: Record<string, string>) {
      try {
        // A redirect counts as a failure: the signed body goes to the registered address only.
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        await response.body?.cancel();
        return { status: response.status };
      } catch (error) {
        const reason =
          error instanceof DOMException && error.name === 'TimeoutError'
            ? `no answer within ${options.timeoutMs / 1000} s`
            : errorMessage((error as { cause?: unknown }).cause ?? error);
        return { error: reason };
      }
    }
  }

  for (let worker = 0; worker < WORKERS; worker++) {
    await boss.work<DeliveryJob>(
      WEBHOOK_QUEUE,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
      async ([job]) => {
        if (job) await attempt(job);
      },
    );
  }

  return {
    jobs: boss,
    async enqueue(transaction, event, release, entries) {
      // Locked until the move commits, so a webhook removed meanwhile waits rather than failing the move.
      const { rows } = await transaction.query<{ id: number }>(
        'SELECT id FROM webhooks WHERE $1 = ANY (events) ORDER BY id FOR KEY SHARE',
        [event],
      );
      if (rows.length === 0) return;
      const at = entries[0]?.at ?? new Date().toISOString();
      const body = JSON.stringify(webhookPayload(event, release, entries, at));
      const deliveries = rows.map((row) => ({ id: randomUUID(), webhook: row.id }));
      await transaction.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, event)
         SELECT d.id, d.webhook, $3 FROM unnest($1::uuid[], $2::integer[]) AS d (id, webhook)`,
        [deliveries.map((delivery) => delivery.id), deliveries.map((delivery) => delivery.webhook), event],
      );
      const keepUntil = new Date(Date.now() + keepSeconds(options) * 1000).toISOString();
      await boss.insert(
        deliveries.map(({ id, webhook }) => ({
          id,
          name: WEBHOOK_QUEUE,
          data: { webhook, event, body } satisfies DeliveryJob,
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: options.retryBackoff,
          // An attempt that outlives its timeout by this much was cut short by its process: pg-boss retries it.
          expireInSeconds: Math.ceil(options.timeoutMs / 1000) + 60,
          keepUntil,
        })),
        { db: { executeSql: (text, values) => transaction.query(text, values) } },
      );
    },
    stop: (graceMs) => boss.stop({ graceful: true, wait: true, timeout: graceMs }),
  };
}
