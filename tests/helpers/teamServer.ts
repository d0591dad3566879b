import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { build } from 'vite';

/** Helpers for tests that run the team server and talk to it over HTTP, as a desktop would. */

const repo = join(import.meta.dirname, '../..');
/**
 * That user must be able to reach the checkout: a clone in a folder made by `mktemp -d` (mode 0700) is closed
 * to it, and the server then fails with "Cannot find module". Each folder above the checkout gets the search
 * bit for others, nothing more (no read, no write).
 */
function letOthersReachRepo(): void {
  for (let folder = repo; folder !== dirname(folder); folder = dirname(folder)) {
    const mode = statSync(folder).mode;
    if ((mode & 0o001) === 0) chmodSync(folder, mode | 0o001);
  }
}

/** The server refuses root, so as root the tests run it as the `postgres` user, which exists there. */
function unprivilegedUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  letOthersReachRepo();
  return { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) };
}
const unprivileged = unprivilegedUser();
const children = new Set<ChildProcess>();

/**
 * Builds out/server/main.js from the sources, as `npm run build:server` does, so tests run what they read. The
 * unit and end-to-end suites run side by side and both build it: a build in place empties out/server first,
 * and a server started by the other suite meanwhile failed with "Cannot find module". So the build is written
 * to a folder of its own and its files are renamed into out/server, each replaced at once.
 */
export async function buildServer(): Promise<void> {
  const outDir = join(repo, 'out/server');
  mkdirSync(outDir, { recursive: true });
  const staging = mkdtempSync(join(repo, 'out/server-build-'));
  try {
    await build({
      configFile: join(repo, 'server/vite.config.ts'),
      root: repo,
      logLevel: 'warn',
      build: { outDir: staging, emptyOutDir: true },
    });
    for (const name of readdirSync(staging)) renameSync(join(staging, name), join(outDir, name));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs the built server (out/server/main.js) with these arguments, as an unprivileged user. */
export function spawnServer(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; asRootAnyway?: boolean } = {},
): ChildProcess {
  const child = spawn(process.execPath, ['out/server/main.js', ...args], {
    cwd: repo,
    env: { ...process.env, DATABASE_URL: '', PORT: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.asRootAnyway ? {} : unprivileged),
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function killServerProcesses(): void {
  for (const child of children) child.kill('SIGKILL');
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function finish(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Starts `serve` and resolves with its URL once it prints the listening line. */
export async function serve(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ url: string; child: ChildProcess; exited: Promise<Finished> }> {
  const child = spawnServer(args, { env });
  const exited = finish(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not start within 20 s')), 20_000);
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Storefront Studio server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then((result) => reject(new Error(`The server exited with ${result.code}: ${result.stderr}`)));
  });
  return { url, child, exited };
}

/** `user add EMAIL --role admin` (or with other options): the token it prints once and its id. */
export async function addUserWithServerCli(
  databaseUrl: string,
  email: string,
  options: string[] = ['--role', 'admin'],
): Promise<{ token: string; tokenId: string }> {
  return issuedToken(await finish(spawnServer(userAddArgs(databaseUrl, email, options))));
}

export const userAddArgs = (databaseUrl: string, email: string, options: string[] = ['--role', 'admin']) => [
  'user',
  'add',
  email,
  ...options,
  '--database-url',
  databaseUrl,
];

/** The token `user add` printed once, and its id; throws with what it printed when it failed. */
export function issuedToken(added: Finished): { token: string; tokenId: string } {
  const token = /^(sst_\S+)$/m.exec(added.stdout)?.[1];
  const tokenId = /token id ([0-9a-f]+)/.exec(added.stdout)?.[1];
  if (added.code !== 0 || !token || !tokenId)
    throw new Error(`user add failed (${added.code}): ${added.stdout}${added.stderr}`);
  return { token, tokenId };
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary fields
  headers: Headers;
}

/** A JSON client of one server with one token (or none). */
export function teamClient(baseUrl: string, token?: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  });
  const answer = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  return {
    get: async (path: string, extraHeaders: Record<string, string> = {}) =>
      answer(await fetch(`${baseUrl}${path}`, { headers: headers(extraHeaders) })),
    post: async (path: string, body: unknown) =>
      answer(
        await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json' }),
          body: JSON.stringify(body),
        }),
      ),
  };
}

export interface StreamEvent {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary fields
}

export interface EventStream {
  events: StreamEvent[];
  /** Comment lines (heartbeats) seen so far. */
  comments: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Resolves with the first event (already seen or coming) that matches. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

/** Opens GET /events and parses the Server-Sent Events as they arrive; resolves once the answer has started. */
export function openEventStream(baseUrl: string, token: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const events: StreamEvent[] = [];
    const waiters = new Set<() => void>();
    let markEnded!: () => void;
    let ended = false;
    const stream: EventStream = {
      events,
      comments: 0,
      ended: new Promise<void>((resolveEnded) => (markEnded = resolveEnded)),
      isEnded: () => ended,
      next: (match, timeoutMs = 10_000) =>
        new Promise((resolveNext, rejectNext) => {
          const check = (): boolean => {
            const found = events.find(match);
            if (!found) return false;
            waiters.delete(waiter);
            clearTimeout(timer);
            resolveNext(found);
            return true;
          };
          const waiter = (): void => void check();
          const timer = setTimeout(() => {
            waiters.delete(waiter);
            rejectNext(new Error(`No matching event within ${timeoutMs} ms; saw ${JSON.stringify(events)}`));
          }, timeoutMs);
          if (!check()) waiters.add(waiter);
        }),
      close: () => request.destroy(),
    };
    const request: ClientRequest = httpRequest(
      `${baseUrl}/events`,
      { headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /events answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            if (lines.every((line) => line.startsWith(':'))) stream.comments++;
            const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
            const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
            if (event && data !== undefined) events.push({ event, data: JSON.parse(data) });
          }
          for (const waiter of [...waiters]) waiter();
        });
        response.on('error', () => undefined);
        response.on('end', () => {
          ended = true;
          markEnded();
        });
        resolve(stream);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
