// Runs every suite (typecheck, lint, formatting, build, unit, packaging, end to end), even after a failure so one run
// shows everything, then prints one line "N passed, N failed" over all of them. Exits non-zero on any
// failure or when no test ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
// Playwright's messages carry the terminal's colour codes.
import { stripVTControlCharacters } from 'node:util';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
// The three read-only checks run side by side (about 30 s instead of 55 on the 2 cores here); each one's
// output is printed as a block once it ends. The builds follow one by one, each check after what it reads.
const sourceChecks = [
  { name: 'typecheck', command: [npx, 'tsc', '-b'] },
  { name: 'lint', command: [npx, 'eslint', '.'] },
  { name: 'formatting', command: [npx, 'prettier', '--check', '--log-level', 'warn', '.'] },
];
const buildChecks = [
  { name: 'build', command: [npx, 'electron-vite', 'build'] },
  { name: 'built main parses', command: ['node', '--check', 'out/main/index.js'] },
  {
    name: 'build team server',
    command: [npx, 'vite', 'build', '--config', 'server/vite.config.ts', '--logLevel', 'warn'],
  },
  { name: 'built team server parses', command: ['node', '--check', 'out/server/main.js'] },
];

rmSync('reports/vitest.json', { force: true });
rmSync('reports/playwright.json', { force: true });
mkdirSync('reports', { recursive: true });

let passed = 0;
let failed = 0;
// Skipped and todo tests are counted and printed, so a run that silently skips most of a suite shows it.
let skipped = 0;
const run = (name, [command, ...args]) => {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status === 0;
};

/** Runs a command with its output shown as it comes, without blocking the loop (a quiet command runs beside it). */
const runLive = (name, [command, ...args]) =>
  new Promise((resolve) => {
    console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
    const child = spawn(command, args, { stdio: 'inherit', env: process.env });
    child.once('error', (error) => {
      console.log(error.message);
      resolve(false);
    });
    child.once('close', (code) => resolve(code === 0));
  });

/** Runs a command with its output kept, and prints it as one block when the command ends. */
const runQuietly = (name, [command, ...args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let ended = false;
    const end = (ok) => {
      if (ended) return;
      ended = true;
      console.log(`\n=== ${name}: ${[command, ...args].join(' ')}\n${output}`);
      resolve(ok);
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      end(false);
    });
    child.once('close', (code) => end(code === 0));
  });

const countCheck = (check, ok) => {
  if (ok) passed++;
  else {
    failed++;
    console.log(`FAILED: ${check.name}`);
  }
};
const sourceResults = await Promise.all(sourceChecks.map((check) => runQuietly(check.name, check.command)));
sourceChecks.forEach((check, index) => countCheck(check, sourceResults[index]));
for (const check of buildChecks) {
  countCheck(check, run(check.name, check.command));
}

const firstLine = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.slice(0, 300) ?? '';
/** Vitest's JSON report keeps a timeout's stack but not its message: the duration says what happened. */
const unitFailure = (result) => {
  const line = firstLine(result.failureMessages[0]);
  return line === 'Error: STACK_TRACE_ERROR'
    ? `failed after ${Math.round(result.duration)} ms (a timeout gives no message here)`
    : line;
};
/** A timeout's own message says nothing of where the test waited: the errors after it do. */
const e2eFailure = (result) => (result?.errors ?? []).map((error) => firstLine(error.message)).join(' / ');
/** Playwright's report nests suites (files, describe blocks); a test failed when its last result did not pass. */
const failedSpecs = (suites) =>
  suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => `e2e ${spec.file}:${spec.line} > ${spec.title}\n    ${e2eFailure(test.results.at(-1))}`),
    ),
    ...failedSpecs(suite.suites ?? []),
  ]);
const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

// The unit tests run beside the end-to-end tests, one file at a time: the browser suite leaves part of the
// 2 cores idle while its tests wait on timers, servers and the preview, and the unit files fill that time
// instead of adding their own minutes after it. Their output is printed as one block when they end.
const [unitOk, e2eOk] = await Promise.all([
  runQuietly('unit tests', [npx, 'vitest', 'run', '--maxWorkers=1']),
  runLive('end-to-end tests', [npx, 'playwright', 'test']),
]);

const unit = readJson('reports/vitest.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + unit.numTodoTests;
  // A suite that failed to load has no failed tests but did fail.
  if (!unitOk && unit.numFailedTests === 0) failed++;
} else failed++;

const e2e = readJson('reports/playwright.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
  if (!e2eOk && e2e.stats.unexpected === 0) failed++;
} else failed++;

// The failed tests again, last: the unit block is printed mid-run, and a log read from its end must still
// say what failed.
const failures = [
  ...(unit?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((result) => result.status === 'failed')
      .map((result) => `unit ${relative(process.cwd(), file.name)} > ${result.fullName}\n    ${unitFailure(result)}`),
  ),
  ...(e2e ? failedSpecs(e2e.suites) : []),
];
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
