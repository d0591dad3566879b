// Run 6 of `npm run bench:server` (issue 24 §2): the time a release of BENCH_RELEASE_ITEMS (200) items takes to
// go live. Each of the items' pages gets two saved versions (of a few components: a go-live moves pointers and
// never reads the content); BENCH_RELEASE_ROUNDS (5) releases of every page, each at the version the last one
// did not put live, go live one after the other through POST /releases/goLive, which answers once the one
// transaction moving every item has committed. Prints each round's answer time, its p50 and max, and the
// server's own time from `going-live` committed to `live` (went_live_at - going_live_at).
// Target on this machine (issue 24): a 200-item go-live in at most 1 s.
import pg from 'pg';

const ITEMS = Number(process.env.BENCH_RELEASE_ITEMS ?? 200);
const ROUNDS = Number(process.env.BENCH_RELEASE_ROUNDS ?? 5);

/** `post(url, token, body)` answers {status, answer}; `adminToken` may save, publish and make releases. */
export async function runReleaseScenario({ load, url, databaseUrl, adminToken, post }) {
  const { buildPageContent } = await load('core/rules/page.ts');
  const { emptyPageMeta } = await load('core/schemas.ts');
  const send = async (route, body, expected) => {
    const answered = await post(`${url}${route}`, adminToken, JSON.stringify(body));
    if (answered.status !== expected)
      throw new Error(`${route} answered ${answered.status}: ${JSON.stringify(answered.answer)}`);
    return answered.answer;
  };

  const keys = Array.from({ length: ITEMS }, (_, index) => ({
    fascia: 'jd',
    country: 'gb',
    page: `bench-release-${index}`,
    source: 'web',
    platform: 'web',
  }));
  for (const key of keys) {
    let baseHash = null;
    for (const title of ['First', 'Second']) {
      const content = buildPageContent({
        key,
        meta: { ...emptyPageMeta(), category: 'Bench' },
        components: [
          {
            _component: 'Banner',
            _identifier: 'Banner-0000000001',
            name: 'Banner',
            hidden: false,
            classes: [],
            content: { title },
          },
        ],
        author: 'bench-admin@example.com',
        commitMessage: title,
        apiUrl: 'http://127.0.0.1/',
        now: new Date(),
      });
      baseHash = (await send('/saveContent', { content, baseHash }, 201)).version.hash;
    }
  }

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rounds = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const { release } = await send('/releases/create', { name: `Bench release ${round + 1}` }, 201);
      const set = keys.map((pageKey) => ({ pageKey, version: (round % 2) + 1 }));
      await send('/releases/items', { id: release.id, set }, 200);
      const started = performance.now();
      const live = await send('/releases/goLive', { id: release.id }, 200);
      const answerMs = performance.now() - started;
      if (live.release.status !== 'live') throw new Error(`Round ${round + 1} ended ${live.release.status}`);
      const { rows } = await db.query(
        'SELECT extract(epoch FROM went_live_at - going_live_at) * 1000 AS ms FROM releases WHERE id = $1',
        [release.id],
      );
      rounds.push({ answerMs, serverMs: Number(rows[0].ms) });
    }
  } finally {
    await db.end();
  }
  return { rounds };
}

export function reportReleaseScenario({ rounds }, { percentile, ms }) {
  console.log(
    `\nRun 6: a release of ${ITEMS} items going live (POST /releases/goLive, one transaction), ${ROUNDS} times`,
  );
  const answers = rounds.map((round) => round.answerMs);
  const servers = rounds.map((round) => round.serverMs);
  console.log(`  answer times:         ${answers.map(ms).join(', ')}`);
  console.log(
    `  answer p50 / max:     ${ms(percentile(answers, 50))} / ${ms(Math.max(...answers))}  (target: at most 1 s)`,
  );
  console.log(
    `  going-live -> live:   p50 ${ms(percentile(servers, 50))}, max ${ms(Math.max(...servers))} (the server's own clock)`,
  );
}
