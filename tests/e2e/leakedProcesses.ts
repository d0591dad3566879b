import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Global setup: tags this run, so every process a test starts inherits STUDIO_E2E_RUN; the returned teardown
 * fails the run if a browser host, team server or PostgreSQL started by it is still running, and stops them.
 * Left-over hosts went unnoticed before (a fixture whose cleanup applied to one spec file per worker left 11
 * running after three files), loading the machine for every later test.
 */
export default function tagRun(): () => void {
  const run = randomUUID();
  process.env.STUDIO_E2E_RUN = run;
  return () => {
    const leaked = processesOfRun(run).filter(({ command }) => LONG_RUNNING.some((pattern) => pattern.test(command)));
    if (leaked.length === 0) return;
    for (const { pid } of leaked) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // It ended on its own meanwhile.
      }
    }
    throw new Error(
      `${leaked.length} processes started by the tests were still running after them (now stopped); a fixture does not stop what it starts:\n` +
        leaked.map(({ pid, command }) => `  ${pid} ${command}`).join('\n'),
    );
  };
}

const LONG_RUNNING = [/out\/main\/browser-host\.js/, /out\/server\/main\.js/, /\bpostgres\b.* -D /];

/** Processes whose environment carries this run's tag. Linux only (/proc); elsewhere nothing is checked. */
function processesOfRun(run: string): { pid: number; command: string }[] {
  if (process.platform !== 'linux') return [];
  const tag = `STUDIO_E2E_RUN=${run}`;
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(tag)) continue;
      found.push({ pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}
