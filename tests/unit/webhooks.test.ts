import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYWHERE } from '../../core/permissions';
import type { PageKey } from '../../core/schemas';
import type { WebhookDeliveriesAnswer } from '../../core/teamProtocol';
import { grantRole } from '../../server/access/grants';
import { addUser } from '../../server/auth';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { DEFAULT_WEBHOOK_RETRY, retryWaits } from '../../server/webhooks';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { teamClient } from '../helpers/teamServer';
import { runServerCommand } from '../helpers/serverCommand';
import { makePage } from './helpers/pages';

/**
 * Webhooks (issue 24 §3) on a real team server: registered from the command line, told of go-lives and
 * rollbacks through pg-boss, signed, retried, and every attempt listed for admins.
 */

let postgres: TestPostgres;
let databaseUrl: string;
let server: TeamServer;
let pool: pg.Pool;
/** Every line the server logged. */
const logLines: string[] = [];
const tokens = new Map<string, string>();

/** Retries a second apart, so a receiver failing three times is served within seconds. */
const QUICK_RETRIES = { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5, timeoutMs: 2_000 };

const startServer = () =>
  startTeamServer({
    databaseUrl,
    log: createLogger(
      new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          logLines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      }),
      'info',
    ),
    webhookDelivery: QUICK_RETRIES,
  });

beforeAll(async () => {
  postgres = await startTestPostgres();
  databaseUrl = postgres.createDatabase('webhooks');
  server = await startServer();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  for (const [name, role] of [
    ['admin', 'admin'],
    ['publisher', 'publisher'],
  ] as const) {
    const email = `${name}@example.com`;
    tokens.set(name, (await addUser(pool, email)).token);
    await grantRole(pool, { role, to: { kind: 'user', name: email }, scope: EVERYWHERE, effect: 'allow' }, 'test');
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  await pool?.end();
  postgres?.destroy();
});

const cli = (...args: string[]) => runServerCommand([...args, '--database-url', databaseUrl]);
const client = (name: string) => teamClient(server.url, tokens.get(name));

/** A live move's body names its mover (the server records the token's user whatever it says). */
const PUBLISHER = 'publisher@example.com';

const keyOf = (page: string): PageKey => ({ fascia: 'site_jd', country: 'gb', page, source: 'web', platform: 'web' });

/** Saves `count` content versions of the page as the admin. */
async function seed(key: PageKey, count: number): Promise<void> {
  let baseHash: string | null = null;
  for (let number = 1; number <= count; number++) {
    const saved = await client('admin').post('/saveContent', {
      content: makePage({ key, title: `Version ${number}` }),
      baseHash,
    });
    expect(saved.status).toBe(201);
    baseHash = saved.body.version.hash;
  }
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a random loopback port answering `statuses` in turn, then 200. */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const http: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses[received.length - 1] ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (typeof address !== 'object' || !address) throw new Error('The receiver has no port.');
  return {
    url: `http://127.0.0.1:${address.port}/studio-hook`,
    received,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

/** Resolves once `check` answers true, asking every 100 ms for at most `timeoutMs`. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `webhook add URL ARGS...`: the id and the secret it printed. */
async function addWebhook(url: string, ...args: string[]) {
  const added = await cli('webhook', 'add', url, ...args);
  expect(added.stderr).toBe('');
  expect(added.code).toBe(0);
  const id = Number(/^Added webhook (\d+): /m.exec(added.stdout)?.[1]);
  const secret = /^(whsec_\S+)$/m.exec(added.stdout)?.[1];
  if (!id || !secret) throw new Error(`webhook add printed no id or secret: ${added.stdout}`);
  return { id, secret, stdout: added.stdout };
}

const deliveriesOf = async (webhook: number) => {
  const answer = await client('admin').get(`/webhooks/deliveries?webhook=${webhook}`);
  expect(answer.status).toBe(200);
  return (answer.body as WebhookDeliveriesAnswer).deliveries;
};

describe('webhook deliveries', { timeout: 60_000 }, () => {
  it('retries a receiver that fails three times and delivers the signed event on the fourth attempt', async () => {
    const receiver = await startReceiver([500, 500, 500]);
    const { id, secret, stdout } = await addWebhook(receiver.url, '--events', 'live,rollback');
    expect(stdout.split(secret)).toHaveLength(2);
    const key = keyOf('retried');
    await seed(key, 1);

    const moved = await client('publisher').post('/goLive', {
      pageKey: key,
      version: 1,
      message: 'Sale',
      by: PUBLISHER,
    });
    expect(moved.status).toBe(201);

    await eventually(() => receiver.received.length === 4);
    const fourth = receiver.received[3]!;
    const expected = createHmac('sha256', secret).update(fourth.body).digest('hex');
    expect(fourth.headers['x-studio-signature']).toBe(`sha256=${expected}`);
    expect(fourth.headers['content-type']).toBe('application/json');
    expect(fourth.headers['x-studio-event']).toBe('live');
    expect(JSON.parse(fourth.body)).toEqual({
      event: 'live',
      release: null,
      items: [{ pageKey: key, country: 'gb', version: 1, hash: moved.body.live.hash }],
      at: moved.body.live.at,
    });
    // Every attempt carries the same body and delivery id, so a receiver can tell a repeat.
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    expect(new Set(receiver.received.map((request) => request.headers['x-studio-delivery'])).size).toBe(1);

    await eventually(async () => (await deliveriesOf(id))[0]?.attempts.length === 4);
    const [delivery, ...others] = await deliveriesOf(id);
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({ id: fourth.headers['x-studio-delivery'], event: 'live', webhook: id });
    expect(delivery!.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 200]);
    expect(delivery!.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4]);

    const listed = await cli('webhook', 'deliveries', String(id));
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/: 4 attempts, last answer 200 at \d{4}-/);
    expect(listed.stdout.match(/^ {2}attempt \d at .*: 500$/gm)).toHaveLength(3);

    // The secret was shown once, by the command line, and the server never wrote it to its log.
    expect(logLines.filter((line) => line.includes('webhooks: attempt failed'))).toHaveLength(3);
    expect(logLines.filter((line) => line.includes(secret))).toEqual([]);

    expect((await cli('webhook', 'remove', String(id))).code).toBe(0);
    await receiver.close();
  });

  it('tells a webhook subscribed to rollbacks of rollbacks only', async () => {
    const receiver = await startReceiver();
    const { id } = await addWebhook(receiver.url, '--events', 'rollback');
    const key = keyOf('rolled');
    await seed(key, 2);
    const countDeliveries = async () =>
      (await pool.query('SELECT event FROM webhook_deliveries WHERE webhook_id = $1', [id])).rows;

    for (const version of [1, 2])
      expect(
        (await client('publisher').post('/goLive', { pageKey: key, version, message: 'Up', by: PUBLISHER })).status,
      ).toBe(201);
    // Deliveries are made in the move's transaction: none exists for these go-lives.
    expect(await countDeliveries()).toEqual([]);
    const rolled = await client('publisher').post('/rollBack', { pageKey: key, message: 'Back', by: PUBLISHER });
    expect(rolled.status).toBe(201);
    expect(await countDeliveries()).toEqual([{ event: 'rollback' }]);

    await eventually(() => receiver.received.length === 1);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      event: 'rollback',
      release: null,
      items: [{ pageKey: key, country: 'gb', version: 1, hash: rolled.body.live.hash }],
      at: rolled.body.live.at,
    });
    expect((await cli('webhook', 'remove', String(id))).code).toBe(0);
    await receiver.close();
  });

  it('enqueues nothing for a refused move, and delivers once with two server processes on the database', async () => {
    const receiver = await startReceiver();
    const { id } = await addWebhook(receiver.url);
    const key = keyOf('twice-served');
    await seed(key, 1);
    const second = await startServer();
    try {
      const refused = await client('publisher').post('/goLive', {
        pageKey: key,
        version: 9,
        message: 'No such',
        by: PUBLISHER,
      });
      expect(refused.status).toBe(409);
      expect((await pool.query('SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1', [id])).rows).toEqual([]);

      const moved = await teamClient(second.url, tokens.get('publisher')).post('/goLive', {
        pageKey: key,
        version: 1,
        message: 'Once',
        by: PUBLISHER,
      });
      expect(moved.status).toBe(201);
      await eventually(() => receiver.received.length === 1);
      // Both processes' workers poll every half second: a second delivery would come within this wait.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await second.close();
    }
    expect((await cli('webhook', 'remove', String(id))).code).toBe(0);
    await receiver.close();
  });

  it('makes no move whose deliveries cannot be enqueued: both commit together or neither does', async () => {
    const receiver = await startReceiver();
    const { id } = await addWebhook(receiver.url);
    const key = keyOf('all-or-nothing');
    await seed(key, 1);
    // Every delivery is refused from now on, as a failing queue would refuse it.
    await pool.query('ALTER TABLE webhook_deliveries ADD CONSTRAINT refuse_all CHECK (false) NOT VALID');
    try {
      const failed = await client('publisher').post('/goLive', {
        pageKey: key,
        version: 1,
        message: 'No',
        by: PUBLISHER,
      });
      expect(failed.status).toBe(500);
    } finally {
      await pool.query('ALTER TABLE webhook_deliveries DROP CONSTRAINT refuse_all');
    }
    const query = new URLSearchParams({ ...key }).toString();
    expect((await client('admin').get(`/liveHistory?${query}`)).body).toEqual({ entries: [], total: 0 });
    expect((await cli('webhook', 'remove', String(id))).code).toBe(0);
    await receiver.close();
  });

  it('shows the deliveries to admins everywhere only', async () => {
    const refused = await client('publisher').get('/webhooks/deliveries');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Reading webhook deliveries needs the admin permission everywhere.');
  });
});

describe('webhooks from the command line', () => {
  it('adds, lists and removes webhooks, audited, and refuses bad URLs and events', async () => {
    const { id, secret } = await addWebhook('https://shop.example.com/purge', '--events', 'live');
    const listed = await cli('webhook', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${id} {2}https://shop\\.example\\.com/purge {2}events: live {2}\\(created \\d{4}-\\S+Z\\)$`, 'm'),
    );
    expect(listed.stdout).not.toContain(secret);

    const removed = await cli('webhook', 'remove', String(id));
    expect(removed.stdout).toBe(`Removed webhook ${id}, with its deliveries; those not made yet are dropped.\n`);
    const again = await cli('webhook', 'remove', String(id));
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`No webhook has the id ${id}. See the ids with: npm run server -- webhook list\n`);
    expect((await cli('webhook', 'list')).stdout).not.toMatch(new RegExp(`^${id} `, 'm'));

    const audited = await pool.query(
      `SELECT action, details FROM audit_log WHERE action LIKE 'webhook.%'
          AND ((details->>'id')::integer = $1 OR details->>'url' = 'https://shop.example.com/purge') ORDER BY id`,
      [id],
    );
    expect(audited.rows).toEqual([
      { action: 'webhook.add', details: { url: 'https://shop.example.com/purge', events: ['live'] } },
      { action: 'webhook.remove', details: { id, url: 'https://shop.example.com/purge' } },
    ]);

    for (const [args, message] of [
      [['ftp://shop.example.com/purge'], 'A webhook URL starts with https:// or http://, not ftp://.'],
      [
        ['shop.example.com/purge'],
        "'shop.example.com/purge' is not a URL. Give the receiver's whole address, like https://shop.example.com/studio-hook.",
      ],
      [
        ['https://user:secret@shop.example.com/purge'],
        'A webhook URL holds no user name or password: the receiver checks the X-Studio-Signature header instead.',
      ],
      [
        ['https://shop.example.com/purge', '--events', 'live,publish'],
        "--events takes live, rollback or both, separated by a comma, not 'live,publish'.",
      ],
      [[], "webhook add needs the receiver's URL: npm run server -- webhook add URL --events live,rollback"],
    ] as const) {
      const refused = await cli('webhook', 'add', ...args);
      expect(refused.code).toBe(2);
      expect(refused.stderr.split('\n')[0]).toBe(message);
    }
    const badId = await cli('webhook', 'remove', 'first');
    expect(badId.code).toBe(2);
    expect(badId.stderr.split('\n')[0]).toBe(
      "A webhook is named by its id, a number (see them with npm run server -- webhook list), not 'first'.",
    );
    expect((await pool.query('SELECT url FROM webhooks')).rows).toEqual([]);
  });
});

describe('the retry schedule', () => {
  it('retries for at least 24 hours by default', () => {
    const shortest = retryWaits(DEFAULT_WEBHOOK_RETRY).reduce((sum, wait) => sum + wait.shortest, 0);
    expect(shortest).toBeGreaterThanOrEqual(24 * 60 * 60);
  });

  it("follows pg-boss's backoff: each retry waits twice as long as the one before, up to twice that at random", () => {
    expect(retryWaits({ retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true })).toEqual([
      { shortest: 10, longest: 20 },
      { shortest: 20, longest: 40 },
      { shortest: 40, longest: 80 },
    ]);
    expect(retryWaits({ retryLimit: 2, retryDelaySeconds: 5, retryBackoff: false })).toEqual([
      { shortest: 5, longest: 5 },
      { shortest: 5, longest: 5 },
    ]);
  });
});
