// Run 5 of `npm run bench:server` (issue 24 §3): the delivery route under a storefront's reads. One page of
// BENCH_COMPONENTS components is saved and put live; BENCH_DELIVERY_CONNECTIONS keep-alive connections (32), each
// sending its next request as soon as the last is answered, read
// GET /content/{platform}/{source}/{page}/live/{country}.json with a delivery key for BENCH_DELIVERY_SECONDS (10)
// per case:
//   full: Accept-Encoding "br, gzip", no validator: the whole compressed body (computed once, then from memory);
//   304:  the same with If-None-Match set to the answer's ETag: headers only.
// Prints requests/s, p50/p95/max latency and the CPU per request of the server, PostgreSQL and this bench.
// Targets on this machine (issue 24): at least 2,000 requests/s for 304s and 500/s for full compressed answers,
// p95 at most 50 ms.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';

const CONNECTIONS = Number(process.env.BENCH_DELIVERY_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_DELIVERY_SECONDS ?? 10);

/** GETs `url`, reads the body to its end, and answers the status, headers and body size. */
function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Connections reading `url` back to back for SECONDS: each answer's latency and status. */
async function readFlatOut(url, headers, cpu) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  const statuses = new Map();
  let bytes = 0;
  const before = cpu();
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const answer = await get(agent, url, headers);
        latencies.push(performance.now() - sent);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        bytes += answer.bytes;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = cpu(before);
  agent.destroy();
  return { latencies, statuses, seconds, bytes, cpu: used };
}

/**
 * Saves and puts live a page of `components` components (through the store, the way POST /goLive does), makes a
 * delivery key, then measures both cases. `cpu(before?)` answers the CPU seconds used so far, or since `before`.
 */
export async function runDeliveryScenario({ load, url, databaseUrl, adminToken, components, cpu, post }) {
  const { buildPageContent } = await load('core/rules/page.ts');
  const { emptyPageMeta } = await load('core/schemas.ts');
  const { createDatabase } = await load('server/db/database.ts');
  const { createPostgresStore } = await load('server/content/postgresStore.ts');
  const { addDeliveryKey } = await load('server/delivery.ts');

  const key = { fascia: 'jd', country: 'gb', page: 'bench-delivery', source: 'web', platform: 'web' };
  const content = buildPageContent({
    key,
    meta: { ...emptyPageMeta(), category: 'Bench' },
    components: Array.from({ length: components }, (_, index) => ({
      _component: 'Banner',
      _identifier: `Banner-${String(index).padStart(10, '0')}`,
      name: `Banner ${index}`,
      hidden: false,
      classes: [],
      content: { title: `Delivered banner ${index}`, subtitle: 'Free delivery on orders over £50', link: '/sale' },
    })),
    author: 'bench-admin@example.com',
    commitMessage: 'Delivery bench',
    apiUrl: 'http://127.0.0.1/',
    now: new Date(),
  });
  const saved = await post(`${url}/saveContent`, adminToken, JSON.stringify({ content }));
  if (saved.status !== 201) throw new Error(`The delivery page was not saved: ${JSON.stringify(saved.answer)}`);
  const db = createDatabase({ connectionString: databaseUrl, max: 1 });
  const store = createPostgresStore(db);
  try {
    await store.goLive({ key, version: saved.answer.version.version, by: 'bench-admin@example.com', message: 'Bench' });
    const deliveryKey = await addDeliveryKey(db, 'bench');
    const path = `${url}/content/${key.platform}/${key.source}/${key.page}/live/${key.country}.json`;
    const asked = { authorization: `Bearer ${deliveryKey}`, 'accept-encoding': 'br, gzip' };
    const loadBefore = loadavg();
    // The first read compresses and keeps the body; the cases measure what every later read costs.
    const first = await get(new Agent(), path, asked);
    if (first.status !== 200) throw new Error(`The delivery route answered ${first.status}`);
    const full = await readFlatOut(path, asked, cpu);
    const notModified = await readFlatOut(path, { ...asked, 'if-none-match': first.headers.etag }, cpu);
    return {
      loadBefore,
      rawBytes: Buffer.byteLength(JSON.stringify(content)),
      encoding: first.headers['content-encoding'],
      compressedBytes: first.bytes,
      full,
      notModified,
    };
  } finally {
    await store.close();
    await db.end();
  }
}

export function reportDeliveryScenario(result, { components, percentile, ms }) {
  console.log(
    `\nRun 5: the delivery route, a live page of ${components} components, ${CONNECTIONS} connections (load average before: ${result.loadBefore
      .map((load) => load.toFixed(1))
      .join(' ')})`,
  );
  console.log(
    `  body: ${result.rawBytes} bytes of JSON, ${result.compressedBytes} sent (${result.encoding}, compressed once)`,
  );
  for (const [title, run, status] of [
    ['full compressed answers', result.full, 200],
    ['304 answers (If-None-Match)', result.notModified, 304],
  ]) {
    const { latencies, seconds, statuses } = run;
    const expected = statuses.get(status) ?? 0;
    const others = [...statuses].filter(([code]) => code !== status).map(([code, count]) => `${count} x ${code}`);
    console.log(`  ${title}:`);
    console.log(
      `    requests/s:         ${(latencies.length / seconds).toFixed(0)}  (${latencies.length} in ${seconds.toFixed(2)} s; ${expected} x ${status}${others.length ? `, ${others.join(', ')}` : ''})`,
    );
    console.log(
      `    latency p50 / p95:  ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}  (max ${ms(Math.max(...latencies))})`,
    );
    if (run.cpu.server !== null) {
      const perRequest = (seconds) => `${((seconds * 1e6) / latencies.length).toFixed(0)} µs`;
      // A connection that ended meanwhile takes its CPU time out of PostgreSQL's sum: no figure then.
      const postgresCpu = run.cpu.postgres >= 0 ? perRequest(run.cpu.postgres) : 'n/a (a connection ended)';
      console.log(
        `    CPU per request:    server ${perRequest(run.cpu.server)}, PostgreSQL ${postgresCpu}, this bench ${perRequest(run.cpu.bench)}`,
      );
    }
  }
}
