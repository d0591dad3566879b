// Listing pages on the team server's PostgreSQL store at scale (`npm run bench:listing`). Prints figures; it
// asserts nothing. A throw-away PostgreSQL cluster holds PAGES pages of VERSIONS versions each, bulk-inserted
// with generate_series, then each listing the dashboard may ask for runs RUNS times through the store's own
// listPages (the SQL the HTTP API runs) and prints its median and p95. Target (issue 12): well under 100 ms.
import { join } from 'node:path';
import { runnerImport } from 'vite';

const PAGES = Number(process.env.BENCH_PAGES ?? 100_000);
const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const repo = join(import.meta.dirname, '..');
const load = async (path) => (await runnerImport(join(repo, path))).module;
const { startTestPostgres } = await load('tests/helpers/postgres.ts');
const { applyMigrationsIn } = await load('server/db/migrate.ts');
const { createDatabase } = await load('server/db/database.ts');
const { createPostgresStore } = await load('server/content/postgresStore.ts');

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);

const postgres = await startTestPostgres();
try {
  const pool = createDatabase({ connectionString: postgres.createDatabase('bench_listing'), max: 4 });
  await pool.inTransaction((transaction) => applyMigrationsIn(transaction));

  let startedAt = performance.now();
  // Five fascias, ten countries, eight categories, fifty authors; one save a minute, so every page has its own time.
  await pool.query(
    `INSERT INTO pages (fascia, country, page, source, platform, last_version, content_version, hash, author, timestamp, saved_at, message, category)
     SELECT (ARRAY['jd', 'size', 'footpatrol', 'hipstore', 'tessuti'])[1 + i % 5],
            (ARRAY['gb', 'fr', 'de', 'es', 'it', 'nl', 'ie', 'se', 'dk', 'be'])[1 + (i / 5) % 10],
            'page-' || i, 'web', 'web', $2::integer, $2::integer, md5(i::text), 'editor' || (i % 50) || '@example.com',
            to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), at, 'Save ' || $2::integer,
            (ARRAY['Trainers', 'Clothing', 'Accessories', 'Sale', 'Kids', 'Brands', 'Outdoor', 'Running'])[1 + i % 8]
       FROM generate_series(1, $1::integer) AS i, LATERAL (SELECT timestamptz '2024-01-01 00:00Z' + i * interval '1 minute' AS at) AS t`,
    [PAGES, VERSIONS],
  );
  await pool.query(
    `INSERT INTO versions (fascia, country, page, source, platform, version, kind, author, timestamp, saved_at, message, hash, content)
     SELECT p.fascia, p.country, p.page, p.source, p.platform, v, 'content', p.author, p.timestamp,
            p.saved_at - (($1::integer - v) * interval '1 second'), 'Save ' || v, md5(p.page || v),
            jsonb_build_object('fascia', p.fascia, 'country', p.country, 'page', p.page, 'category', p.category,
                               'content', jsonb_build_array(jsonb_build_object('_component', 'Banner', '_identifier', 'Banner-' || v)))
       FROM pages AS p, generate_series(1, $1::integer) AS v`,
    [VERSIONS],
  );
  await pool.query('ANALYZE');
  const loaded = performance.now() - startedAt;
  const { rows } = await pool.query(
    'SELECT (SELECT count(*) FROM pages)::integer AS pages, (SELECT count(*) FROM versions)::integer AS versions',
  );
  console.log(
    `Loaded ${rows[0].pages.toLocaleString('en')} pages, ${rows[0].versions.toLocaleString('en')} versions in ${(loaded / 1000).toFixed(1)} s\n`,
  );

  const store = createPostgresStore(pool);
  const listings = [
    ['newest 50, no filter', { limit: 50 }],
    ['fascia', { fascia: 'size', limit: 50 }],
    ['country', { country: 'de', limit: 50 }],
    ['fascia and country', { fascia: 'jd', country: 'fr', limit: 50 }],
    ['text, one page (page-77777)', { text: 'page-77777', limit: 50 }],
    ['text, one author (2% of pages)', { text: 'editor17@', limit: 50 }],
    ['text, a category (12.5%)', { text: 'running', limit: 50 }],
    ['text, 2 characters (no trigram)', { text: 'ki', limit: 50 }],
    ['fascia, country and text', { fascia: 'jd', country: 'fr', text: 'clothing', limit: 50 }],
    ['deep page (offset 50,000)', { limit: 50, offset: 50_000 }],
    ['500 pages at once (the most)', { limit: 500 }],
  ];
  console.log(`${'listing'.padEnd(34)}${'matches'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}`);
  for (const [name, query] of listings) {
    await store.listPages(query);
    const times = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      startedAt = performance.now();
      total = (await store.listPages(query)).total;
      times.push(performance.now() - startedAt);
    }
    console.log(
      `${name.padEnd(34)}${total.toLocaleString('en').padStart(9)}${ms(percentile(times, 50))}${ms(percentile(times, 95))}`,
    );
  }

  const historyTimes = [];
  for (let run = 0; run < RUNS; run++) {
    const key = { fascia: 'jd', country: 'gb', page: `page-${50 * (run + 1) * 37}`, source: 'web', platform: 'web' };
    startedAt = performance.now();
    await store.versions(key, { limit: 500 });
    historyTimes.push(performance.now() - startedAt);
  }
  console.log(
    `\nOne page's history (${VERSIONS} versions): p50 ${ms(percentile(historyTimes, 50)).trim()}, p95 ${ms(percentile(historyTimes, 95)).trim()}`,
  );
  await pool.end();
} finally {
  postgres.destroy();
}
