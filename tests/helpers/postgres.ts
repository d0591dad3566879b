import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * A throw-away PostgreSQL cluster for tests: initdb in a temporary folder, started with pg_ctl on a random
 * loopback port, as the `postgres` user when the tests run as root (PostgreSQL refuses to run as root).
 */
export interface TestPostgres {
  /** postgres://studio@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** A fresh database in this cluster, for a test that wants its own; returns its URL. */
  createDatabase(name: string): string;
  /** Stops the server (fast shutdown); `start` brings it back on the same port and data. */
  stop(): void;
  start(): void;
  /** Stops the server and removes the folder. */
  destroy(): void;
}

const asRoot = userInfo().uid === 0;

/**
 * The folder of initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/VERSION/bin (the package does not
 * put them on PATH). Without them the server tests fail here, saying what to install, rather than skip.
 */
export function postgresBinDir(): string {
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (onPath) return onPath;
  const debianRoot = '/usr/lib/postgresql';
  const versions = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const debian = versions
    .map((version) => join(debianRoot, version, 'bin'))
    .find((dir) => existsSync(join(dir, 'initdb')));
  if (debian) return debian;
  throw new Error(
    'PostgreSQL is needed for the team server tests but initdb and pg_ctl were not found (on PATH or in /usr/lib/postgresql/*/bin). ' +
      'Install it, e.g. `apt-get install postgresql` on Debian, or run .ci/run, which does.',
  );
}

function run(command: string): void {
  if (asRoot) execFileSync('su', ['postgres', '-c', command], { stdio: 'pipe' });
  else execFileSync('sh', ['-c', command], { stdio: 'pipe' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const root = mkdtempSync(join(tmpdir(), 'studio-pg-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  if (asRoot) {
    const postgres = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const group = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(root, Number(postgres), Number(group));
  }
  const port = await freePort();
  const log = join(root, 'server.log');
  // No fsync while initdb writes: the cluster is thrown away (5 s to 1.3 s per cluster here).
  run(`${join(bin, 'initdb')} --no-sync -D ${dataDir} -U studio --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null`);
  const startCommand = `${join(bin, 'pg_ctl')} -D ${dataDir} -l ${log} -w -o "-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null`;
  const stopCommand = `${join(bin, 'pg_ctl')} -D ${dataDir} -m fast -w stop >/dev/null`;
  run(startCommand);
  let running = true;
  const stop = () => {
    if (!running) return;
    run(stopCommand);
    running = false;
  };
  const url = `postgres://studio@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', `CREATE DATABASE ${name}`], { stdio: 'pipe' });
      return `postgres://studio@127.0.0.1:${port}/${name}`;
    },
    stop,
    start() {
      if (running) return;
      run(startCommand);
      running = true;
    },
    destroy() {
      try {
        stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
