// How fast the browser host refuses a body over its limit (issue 11, point 12): before, the socket hung for
// about 6 s and was then reset. Starts the built host (`npm run build` first), sends bodies larger than the
// 20 MB limit over a raw socket, chunked (no declared length) and with a declared Content-Length, and prints
// the time from the first byte sent to the first byte of the answer, and how much of the body was sent by
// then. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserHost } from './browserHost.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BODY_BYTES = 40 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 'a');

/** Sends the head and then the body until the answer starts; resolves with the timing and the status line. */
function refuse(url, chunked) {
  const { hostname, port, origin } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const start = performance.now();
    let sent = 0;
    let answered = null;
    socket.on('data', (data) => {
      answered ??= { ms: performance.now() - start, sentBytes: sent, status: data.toString('latin1').split('\r\n')[0] };
    });
    const done = () => resolve(answered ?? { ms: performance.now() - start, sentBytes: sent, status: '(no answer)' });
    socket.on('close', done);
    socket.on('error', () => {});
    socket.on('connect', async () => {
      const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${BODY_BYTES}`;
      socket.write(
        `POST /api/getSession HTTP/1.1\r\nHost: ${hostname}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`,
      );
      while (sent < BODY_BYTES && !answered && !socket.destroyed) {
        const frame = chunked
          ? Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')])
          : CHUNK;
        await new Promise((drained) => (socket.write(frame) ? drained() : socket.once('drain', drained)));
        sent += CHUNK.length;
      }
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'studio-bench-413-'));
const host = await startBrowserHost(dataDir);
try {
  for (const chunked of [true, false]) {
    const results = [];
    for (let run = 0; run < RUNS; run++) results.push(await refuse(host.url, chunked));
    const times = results.map((result) => result.ms).sort((a, b) => a - b);
    const sentMb = results.map((result) => (result.sentBytes / 1024 / 1024).toFixed(0));
    console.log(
      `${chunked ? 'chunked      ' : 'Content-Length'} ${results[0].status}: first answer byte after ` +
        `median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms; MB sent by then: ${sentMb.join(', ')}`,
    );
  }
} finally {
  host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
