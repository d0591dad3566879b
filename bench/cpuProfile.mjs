// Summarises V8 CPU profiles (`node --cpu-prof`, e.g. the team server under `BENCH_CPU_PROF=DIR npm run
// bench:server`): the functions with the most self time, and the share of the total that is not idle.
// Usage: node bench/cpuProfile.mjs FILE_OR_DIR [--top 15]. Prints figures; asserts nothing.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 15;
const target = args.find((arg, index) => !arg.startsWith('--') && index !== topIndex + 1);
if (!target) {
  console.error('usage: node bench/cpuProfile.mjs FILE_OR_DIR [--top N]');
  process.exit(2);
}
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => join(target, name))
  : [target];

/** V8 bookkeeping that is not work of the program. */
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  let total = 0;
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    const where = callFrame.url
      ? `${relative(process.cwd(), callFrame.url.replace(/^file:\/\//, ''))}:${callFrame.lineNumber + 1}`
      : '';
    const label = where ? `${name}  ${where}` : name;
    selfMicros.set(label, (selfMicros.get(label) ?? 0) + delta);
    total += delta;
    if (!IDLE.has(name) || name === '(garbage collector)') busy += delta;
  });
  console.log(`\n${file}: ${(total / 1e6).toFixed(2)} s profiled, ${(busy / 1e6).toFixed(2)} s busy (GC included)`);
  const rows = [...selfMicros].filter(([label]) => !['(idle)', '(program)'].includes(label));
  rows.sort((a, b) => b[1] - a[1]);
  for (const [label, micros] of rows.slice(0, top)) {
    console.log(
      `  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${label}`,
    );
  }
}
