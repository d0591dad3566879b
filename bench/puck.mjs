// Runs the Puck reference harness (../shared/bench/puck-bench) unchanged, one page size at a time, so
// bench:compare can measure Puck right before the Studio at each size on the same machine state.
// The harness builds into and writes its report beside itself, and ../shared is read-only: it runs from a
// copy in node_modules/.cache/puck-bench, with its own locked dependencies (npm ci), refreshed when the
// source changes.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const PUCK_SOURCE = resolve('../shared/bench/puck-bench');
const STAGE = resolve('node_modules/.cache/puck-bench');
const STAGED_FILES = ['bench.mjs', 'index.html', 'package.json', 'package-lock.json', 'vite.config.js', 'src'];

function run(command, args, options) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveRun(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${output}`)),
    );
  });
}

/** The harness ready to run (copied, installed, built); null with the reason printed when it is missing. */
export async function preparePuck() {
  if (!existsSync(join(PUCK_SOURCE, 'bench.mjs'))) {
    console.log(`${PUCK_SOURCE} is missing: the Puck comparison is skipped.`);
    return null;
  }
  const stagedLock = join(STAGE, 'package-lock.json');
  const lockChanged =
    !existsSync(stagedLock) || !readFileSync(stagedLock).equals(readFileSync(join(PUCK_SOURCE, 'package-lock.json')));
  for (const file of STAGED_FILES) cpSync(join(PUCK_SOURCE, file), join(STAGE, file), { recursive: true });
  if (lockChanged || !existsSync(join(STAGE, 'node_modules'))) {
    console.error('Installing the Puck harness dependencies (npm ci)…');
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: STAGE });
  }
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: STAGE });
  return { dir: STAGE };
}

/**
 * Puck at one page size: the harness's own summary (load, heap after GC, key percentiles, delete), its
 * progress lines going to stderr.
 */
export async function runPuck(puck, size, { reps, keys }) {
  await run(process.execPath, ['bench.mjs'], {
    cwd: puck.dir,
    env: { ...process.env, BENCH_NS: String(size), BENCH_REPS: String(reps), BENCH_KEYS: String(keys) },
  });
  const report = JSON.parse(readFileSync(join(puck.dir, 'reports', 'puck-bench.json'), 'utf8'));
  const result = report.results.find((entry) => entry.n === size);
  if (!result || result.skipped) return { skipped: result?.skipped ?? 'no result' };
  return { ...result.summary, chromium: report.meta.versions.chromium, puck: report.meta.versions.puck };
}
