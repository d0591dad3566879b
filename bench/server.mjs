// The team server under load (`npm run bench:server`, which builds out/server/main.js first). Prints figures;
// it asserts nothing. A throw-away PostgreSQL cluster, the built server as its own process, and EDITORS
// simulated editors, each with its own token and page of COMPONENTS components, saving SAVES times one after
// the other with a STALE_CHANCE chance of sending a stale base (which must get a 409).
//
// Run 1: every editor saves again as soon as the last save is answered: the most saves/s the server gives.
//   (With 50 editors never pausing, each waits for the 49 others: latency is 50 / throughput by necessity.)
// Run 2: the editors together offer RATE saves/s (each saves every EDITORS/RATE s): the latency at that rate.
// Both: saves/s, p50/p95 latency, the 409 count, CPU time per answer of the server, PostgreSQL and this bench
// (from /proc: what the figures cost, whatever else the machine runs), and stored versions checked against
// the 2xx answers.
// Roles (issue 22): a quarter of the editors are admins, a quarter editors of JD GB, half translators of JD GB
// (their pages are created by an admin before the clock starts); every fifth save of a translator removes a
// component, which their role forbids: 403s, counted apart, never as lost. The server's own cost of the
// permission check of each save (Server-Timing: permission) is printed as p50/p95, and apart, the reads of a
// page's newest version when the server did not keep it (permission-read).
// Run 3: run 2 with the database stopped for OUTAGE_MS in the middle: editors retry a 503 after a short pause
// with the same save id; prints the 503s, the recovery time (database back -> first save acknowledged,
// without restarting the server) and the acknowledged saves missing from the store.
// Run 4 (issue 23, bench/mergeScenario.mjs): EDITORS editors of JD GB edit MERGE_PAGES shared pages for
// MERGE_SECONDS seconds, with a think time of 1-5 s per edit, saving through core's saveMerging: the saves that
// met a newer version, merged by themselves or needing a person, the save latency, and changes lost (a model).
// Run 5 (issue 24, bench/deliveryScenario.mjs): a live page of COMPONENTS components read through the delivery
// route with a delivery key: requests/s and p95 latency of full compressed answers and of 304s.
// Run 6 (issue 24, bench/releaseScenario.mjs): the time a release of 200 items takes to go live.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runnerImport } from 'vite';
import { reportDeliveryScenario, runDeliveryScenario } from './deliveryScenario.mjs';
import { reportMergeScenario, runMergeScenario } from './mergeScenario.mjs';
import { reportReleaseScenario, runReleaseScenario } from './releaseScenario.mjs';

const EDITORS = Number(process.env.BENCH_EDITORS ?? 50);
const SAVES = Number(process.env.BENCH_SAVES ?? 20);
const COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 300);
const STALE_CHANCE = Number(process.env.BENCH_STALE ?? 0.2);
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 3000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const MERGE_SECONDS = Number(process.env.BENCH_MERGE_SECONDS ?? 60);
const MERGE_PAGES = Number(process.env.BENCH_MERGE_PAGES ?? 20);
/** How long an editor waits before trying a save again after a 503 (the server says Retry-After: 5). */
const RETRY_PAUSE_MS = 250;

const repo = join(import.meta.dirname, '..');
const load = async (path) => (await runnerImport(join(repo, path))).module;
const { startTestPostgres } = await load('tests/helpers/postgres.ts');
const { buildPageContent } = await load('core/rules/page.ts');
const { emptyPageMeta } = await load('core/schemas.ts');
const { addUser } = await load('server/auth.ts');
const { EVERYWHERE } = await load('core/permissions.ts');

/** Each editor's role and scope: a mix of admins, editors and translators (see above). */
const JD_GB = { fascias: ['jd'], countries: ['gb'] };
function roleOf(editor) {
  if (editor % 4 === 0) return { role: 'admin', scope: EVERYWHERE };
  if (editor % 4 === 1) return { role: 'editor', scope: JD_GB };
  return { role: 'translator', scope: JD_GB };
}
const isTranslator = (editor) => roleOf(editor).role === 'translator';
/** A translator's save that removes a component, which their role forbids. */
const isForbidden = (editor, save) => isTranslator(editor) && save % 5 === 4;

/** CPU seconds (user + system) a process has used, from /proc; null where there is no /proc. */
function cpuSeconds(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of this bench's PostgreSQL cluster: its postmaster (found by port) and the postmaster's children. */
function postgresCpuSeconds(port) {
  const processes = existsSync('/proc') ? readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)) : [];
  const read = (pid, file) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, 'utf8');
    } catch {
      return ''; // the process ended meanwhile
    }
  };
  const postmaster = processes.find(
    (pid) =>
      read(pid, 'cmdline').split('\0').join(' ').includes(`postgres -D`) &&
      read(pid, 'cmdline').includes(`\0-p\0${port}\0`),
  );
  if (!postmaster) return 0;
  const parentOf = (pid) => read(pid, 'stat').split(') ')[1]?.split(' ')[1];
  return processes
    .filter((pid) => pid === postmaster || parentOf(pid) === postmaster)
    .reduce((total, pid) => total + (cpuSeconds(pid) ?? 0), 0);
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const ms = (value) => `${value.toFixed(1)} ms`;
const sleep = (delay) => new Promise((resolve) => setTimeout(resolve, delay));

/**
 * The editors' connections, kept open as a desktop keeps its own. node:http rather than fetch: on the 2 cores
 * here fetch cost this bench about 3.5 ms of CPU per save, taken from the server it measures.
 */
const agent = new Agent({ keepAlive: true, maxSockets: EDITORS });

/** POSTs JSON text with a bearer token; answers the status and the parsed JSON answer. */
function post(url, token, body) {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const timing = response.headers['server-timing'] ?? '';
            const deciding = /permission;dur=([\d.]+)/.exec(timing);
            const reading = /permission-read;dur=([\d.]+)/.exec(timing);
            resolve({
              status: response.statusCode,
              answer: JSON.parse(Buffer.concat(chunks).toString()),
              permissionMs: deciding ? { deciding: Number(deciding[1]), reading: Number(reading?.[1] ?? 0) } : null,
            });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

function components(editor, save) {
  const count = isForbidden(editor, save) ? COMPONENTS - 1 : COMPONENTS;
  return Array.from({ length: count }, (_, index) => ({
    _component: 'Banner',
    _identifier: `Banner-${String(index).padStart(10, '0')}`,
    name: `Banner ${index}`,
    hidden: false,
    classes: [],
    content: {
      title: `Editor ${editor}, save ${save}, banner ${index}`,
      subtitle: 'Free delivery on orders over £50',
      link: '/sale',
    },
  }));
}

function page(run, editor, save, author) {
  return buildPageContent({
    key: { fascia: 'jd', country: 'gb', page: `bench-${run}-editor-${editor}`, source: 'web', platform: 'web' },
    meta: { ...emptyPageMeta(), category: 'Bench' },
    components: components(editor, save),
    author,
    commitMessage: `Save ${save}`,
    apiUrl: 'http://127.0.0.1/',
    now: new Date(),
  });
}

async function startServer(databaseUrl) {
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
    : {};
  // BENCH_CPU_PROF=DIR: the server writes a V8 CPU profile there when it stops (bench/cpuProfile.mjs reads it).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const args = [...profile, 'out/server/main.js', '--port', '0', '--database-url', databaseUrl];
  const child = spawn(process.execPath, args, {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...ids,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise((resolve, reject) => {
    let output = '';
    const untilListening = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      // From here on the log (a line per request) is drained unread: scanning all of it again on every chunk
      // took this bench a third of its CPU, from the 2 cores the server is measured on.
      child.stdout.off('data', untilListening);
      child.stdout.resume();
      resolve(match[1]);
    };
    child.stdout.on('data', untilListening);
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  return {
    url,
    pid: child.pid,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

async function runLoad({ run, url, pid, postgresPort, tokens, adminToken, outage, rate }) {
  const latencies = [];
  const acknowledged = [];
  const permissionMs = [];
  const counts = { ok: 0, conflict: 0, forbidden: 0, unavailable: 0, other: 0, otherReasons: new Map() };
  let firstOkAfterRestart = null;
  let restartedAt = null;

  async function save(editor, { content, json }, baseHash) {
    const body = `{"baseHash":${JSON.stringify(baseHash)},"saveId":"${randomUUID()}","content":${json}}`;
    for (;;) {
      const started = performance.now();
      let status;
      let answer;
      let checkMs = null;
      try {
        ({ status, answer, permissionMs: checkMs } = await post(`${url}/saveContent`, tokens[editor], body));
      } catch {
        status = 0;
      }
      if (checkMs !== null) permissionMs.push(checkMs);
      const elapsed = performance.now() - started;
      if (status === 503) {
        counts.unavailable++;
        await sleep(RETRY_PAUSE_MS);
        continue;
      }
      latencies.push(elapsed);
      if (status === 200 || status === 201) {
        counts.ok++;
        acknowledged.push({ page: content.page, version: answer.version.version, hash: content.hash });
        if (restartedAt !== null && firstOkAfterRestart === null) firstOkAfterRestart = performance.now();
        return answer.version.hash;
      }
      if (status === 409) counts.conflict++;
      else if (status === 403) counts.forbidden++;
      else {
        counts.other++;
        const why = `${status} ${answer?.error?.code ?? ''} ${answer?.error?.message?.slice(0, 120) ?? ''}`;
        counts.otherReasons.set(why, (counts.otherReasons.get(why) ?? 0) + 1);
      }
      return null;
    }
  }

  // Built and serialised before the clock starts: the bench measures the server, not the making of pages.
  const pages = Array.from({ length: EDITORS }, (_, editor) =>
    Array.from({ length: SAVES }, (_, index) => {
      const content = page(run, editor, index, `editor${editor}@example.com`);
      return { content, json: JSON.stringify(content) };
    }),
  );
  // A translator may not create a page: an admin creates theirs first (the first version of their first save).
  const firstHashes = new Map();
  for (let editor = 0; editor < EDITORS; editor++) {
    if (!isTranslator(editor)) continue;
    const created = await post(`${url}/saveContent`, adminToken, JSON.stringify({ content: pages[editor][0].content }));
    if (created.status !== 201) throw new Error(`The admin could not create a page: ${JSON.stringify(created.answer)}`);
    firstHashes.set(editor, created.answer.version.hash);
  }
  const interval = rate ? (EDITORS / rate) * 1000 : 0;

  async function editorLoop(editor) {
    const hashes = firstHashes.has(editor) ? [firstHashes.get(editor)] : [];
    // Paced editors start spread over one interval, so the offered load is even.
    const first = performance.now() + (interval * editor) / EDITORS;
    for (let index = 0; index < SAVES; index++) {
      if (interval) await sleep(first + index * interval - performance.now());
      const content = pages[editor][index];
      const latest = hashes.at(-1) ?? null;
      // A stale base: an older version's hash, or "new page" once the page exists.
      const stale = hashes.length > 0 && Math.random() < STALE_CHANCE;
      const base = stale ? (hashes.at(-2) ?? null) : latest;
      const saved = await save(editor, content, base);
      if (saved) hashes.push(saved);
    }
  }

  let outageTimer;
  const cpuBefore = { server: cpuSeconds(pid), postgres: postgresCpuSeconds(postgresPort), bench: process.cpuUsage() };
  const started = performance.now();
  if (outage) {
    outageTimer = (async () => {
      await sleep(outage.afterMs);
      outage.postgres.stop();
      await sleep(OUTAGE_MS);
      outage.postgres.start();
      restartedAt = performance.now();
    })();
  }
  await Promise.all(Array.from({ length: EDITORS }, (_, editor) => editorLoop(editor)));
  await outageTimer;
  const seconds = (performance.now() - started) / 1000;
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  const cpu = {
    server: cpuSeconds(pid) === null ? null : cpuSeconds(pid) - cpuBefore.server,
    postgres: postgresCpuSeconds(postgresPort) - cpuBefore.postgres,
    bench: (benchCpu.user + benchCpu.system) / 1e6,
  };
  return {
    cpu,
    seconds,
    latencies,
    acknowledged,
    counts,
    recoveryMs: firstOkAfterRestart !== null ? firstOkAfterRestart - restartedAt : null,
    permissionMs,
    adminSaves: firstHashes.size,
  };
}

async function checkStored(databaseUrl, run, acknowledged) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT page, version, hash FROM versions WHERE page LIKE $1`, [`bench-${run}-%`]);
    const stored = new Set(rows.map((row) => `${row.page}#${row.version}#${row.hash}`));
    const acked = acknowledged.map((ack) => `${ack.page}#${ack.version}#${ack.hash}`);
    const lost = acked.filter((entry) => !stored.has(entry)).length;
    const duplicated = acked.length - new Set(acked).size;
    // Issue 22: the audit log's rows written by this run's saves (one per save answered by the database).
    const audit = await db.query(`SELECT count(*)::integer AS rows FROM audit_log WHERE page LIKE $1`, [
      `bench-${run}-%`,
    ]);
    return {
      stored: rows.length,
      lost,
      duplicated,
      unacknowledged: rows.length - new Set(acked).size,
      auditRows: audit.rows[0].rows,
    };
  } finally {
    await db.end();
  }
}

function report(title, result, check) {
  const { counts, latencies, seconds } = result;
  console.log(
    `\n${title} (load average before: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')})`,
  );
  console.log(
    `  ${EDITORS} editors x ${SAVES} saves of ${COMPONENTS} components, ${Math.round(STALE_CHANCE * 100)}% stale bases`,
  );
  console.log(
    `  saves/s (answered):   ${(latencies.length / seconds).toFixed(0)}  (${latencies.length} answers in ${seconds.toFixed(2)} s)`,
  );
  console.log(
    `  latency p50 / p95:    ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}  (max ${ms(Math.max(...latencies))})`,
  );
  console.log(
    `  2xx / 409 / 403 / other: ${counts.ok} / ${counts.conflict} / ${counts.forbidden} (403: forbidden by role) / ${counts.other}`,
  );
  if (result.permissionMs.length > 0) {
    const deciding = result.permissionMs.map((timing) => timing.deciding);
    const reads = result.permissionMs.filter((timing) => timing.reading > 0).map((timing) => timing.reading);
    console.log(
      `  permission check:     p50 ${ms(percentile(deciding, 50))}, p95 ${ms(percentile(deciding, 95))} per save (max ${ms(Math.max(...deciding))}; the server's time deciding, ${deciding.length} saves)`,
    );
    if (reads.length > 0)
      console.log(
        `    + reading the newest version when not kept: ${reads.length} saves, p50 ${ms(percentile(reads, 50))}, p95 ${ms(percentile(reads, 95))}`,
      );
  }
  for (const [why, count] of counts.otherReasons) console.log(`    other: ${count} x ${why}`);
  if (result.cpu.server !== null) {
    const perSave = (cpuSeconds) => `${((cpuSeconds * 1000) / latencies.length).toFixed(1)} ms`;
    // A restarted cluster's processes start their counts again, so its CPU is not known for that run.
    const postgresCpu = result.cpu.postgres >= 0 ? perSave(result.cpu.postgres) : 'n/a (restarted)';
    console.log(
      `  CPU per answer:       server ${perSave(result.cpu.server)}, PostgreSQL ${postgresCpu}, this bench ${perSave(result.cpu.bench)}`,
    );
  }
  console.log(
    `  stored versions:      ${check.stored} (2xx answers ${counts.ok}, and ${result.adminSaves} pages an admin created first); lost ${check.lost}, duplicated ${check.duplicated}, stored without a 2xx ${check.unacknowledged - result.adminSaves}`,
  );
  const answeredByDatabase = counts.ok + counts.conflict;
  console.log(
    `  audit rows:           ${check.auditRows} (${(check.auditRows / answeredByDatabase).toFixed(2)} per save answered 2xx or 409)`,
  );
}

const postgres = await startTestPostgres();
try {
  const databaseUrl = postgres.createDatabase('bench');
  const server = await startServer(databaseUrl);
  const db = new pg.Pool({ connectionString: databaseUrl });
  const tokens = [];
  for (let editor = 0; editor < EDITORS; editor++)
    tokens.push((await addUser(db, `editor${editor}@example.com`, { ...roleOf(editor), by: 'bench' })).token);
  const adminToken = (await addUser(db, 'bench-admin@example.com', { role: 'admin', scope: EVERYWHERE, by: 'bench' }))
    .token;
  await db.end();

  const flatOut = await runLoad({
    run: 'flat-out',
    url: server.url,
    pid: server.pid,
    postgresPort: postgres.port,
    tokens,
    adminToken,
  });
  report(
    'Run 1: editors saving back to back',
    flatOut,
    await checkStored(databaseUrl, 'flat-out', flatOut.acknowledged),
  );

  const paced = await runLoad({
    run: 'paced',
    url: server.url,
    pid: server.pid,
    postgresPort: postgres.port,
    tokens,
    adminToken,
    rate: RATE,
  });
  report(
    `Run 2: editors offering ${RATE} saves/s together`,
    paced,
    await checkStored(databaseUrl, 'paced', paced.acknowledged),
  );

  const restart = await runLoad({
    run: 'restart',
    url: server.url,
    pid: server.pid,
    postgresPort: postgres.port,
    tokens,
    adminToken,
    rate: RATE,
    outage: { postgres, afterMs: 1500 },
  });
  report(
    `Run 3: run 2 with the database stopped for ${OUTAGE_MS / 1000} s in the middle (same server process)`,
    restart,
    await checkStored(databaseUrl, 'restart', restart.acknowledged),
  );
  console.log(
    `  503 answers during the outage: ${restart.counts.unavailable} (each retried after ${RETRY_PAUSE_MS} ms with the same save id)`,
  );
  console.log(
    `  recovery: first save acknowledged ${restart.recoveryMs === null ? 'never' : ms(restart.recoveryMs)} after the database was back`,
  );

  // Its own editors, made after run 3 so that runs 1-3 meet the same users table as before.
  const mergeDb = new pg.Pool({ connectionString: databaseUrl });
  const mergeTokens = [];
  for (let editor = 0; editor < EDITORS; editor++)
    mergeTokens.push(
      (await addUser(mergeDb, `merge-editor${editor}@example.com`, { role: 'editor', scope: JD_GB, by: 'bench' }))
        .token,
    );
  await mergeDb.end();
  const merging = await runMergeScenario({
    load,
    url: server.url,
    tokens: mergeTokens,
    adminToken,
    pages: MERGE_PAGES,
    components: COMPONENTS,
    seconds: MERGE_SECONDS,
  });
  reportMergeScenario(merging, { editors: EDITORS, pages: MERGE_PAGES, components: COMPONENTS });

  /** CPU seconds used so far by the server, PostgreSQL and this bench, or since `before`. */
  const cpu = (before) => {
    const now = {
      server: cpuSeconds(server.pid),
      postgres: postgresCpuSeconds(postgres.port),
      bench: process.cpuUsage(),
    };
    if (!before) return now;
    const bench = process.cpuUsage(before.bench);
    return {
      server: now.server === null ? null : now.server - before.server,
      postgres: now.postgres - before.postgres,
      bench: (bench.user + bench.system) / 1e6,
    };
  };
  const delivery = await runDeliveryScenario({
    load,
    url: server.url,
    databaseUrl,
    adminToken,
    components: COMPONENTS,
    cpu,
    post,
  });
  reportDeliveryScenario(delivery, { components: COMPONENTS, percentile, ms });
  const releases = await runReleaseScenario({ load, url: server.url, databaseUrl, adminToken, post });
  reportReleaseScenario(releases, { percentile, ms });
  await server.stop();
} finally {
  agent.destroy();
  postgres.destroy();
}
