import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp, listen, type HttpApp } from '../../http/app';
import { openSseStream, type SseStream } from '../../http/sse';

/** The one SSE writer (http/sse.ts): a client that stops reading is dropped, not buffered without bound. */

let app: HttpApp;
afterEach(async () => {
  await app.close();
});

async function serveStream(options: Parameters<typeof openSseStream>[1]) {
  app = createHttpApp({ service: 'test service', notFoundMessage: () => 'No such route.' });
  const opened: SseStream[] = [];
  app.get('/stream', async (_request, reply) => {
    opened.push(openSseStream(reply, options));
  });
  const { port } = await listen(app, 0, '127.0.0.1');
  return { port, opened };
}

/** A client that sends its request and then never reads a byte. */
function stalledClient(port: number) {
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(`GET /stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  });
  socket.pause();
  socket.on('error', () => undefined);
  return socket;
}

describe('the SSE writer', () => {
  it('drops a client that stops reading once its unsent bytes pass the bound', async () => {
    let closed = 0;
    const { port, opened } = await serveStream({
      maxBufferedBytes: 256 * 1024,
      drainTimeoutMs: 60_000,
      onClose: () => closed++,
    });
    const socket = stalledClient(port);
    await expect.poll(() => opened.length).toBe(1);
    const event = 'x'.repeat(16 * 1024);
    let sent = 0;
    while (opened[0]!.send(event)) {
      sent++;
      if (sent > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(sent).toBeLessThan(10_000);
    expect(opened[0]!.isOpen()).toBe(false);
    expect(closed).toBe(1);
    socket.destroy();
  });

  it('drops a client that does not drain a full buffer in time', async () => {
    let closed = 0;
    const { port, opened } = await serveStream({
      maxBufferedBytes: 64 * 1024 * 1024,
      drainTimeoutMs: 300,
      onClose: () => closed++,
    });
    const socket = stalledClient(port);
    await expect.poll(() => opened.length).toBe(1);
    const event = 'x'.repeat(64 * 1024);
    // Fills the socket's buffers until a write says "full"; the client then has 300 ms to read.
    while (opened[0]!.isOpen() && closed === 0) {
      opened[0]!.send(event);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(closed).toBe(1);
    socket.destroy();
  });

  it('closes the stream once when the client leaves, and sends nothing after', async () => {
    let closed = 0;
    const { port, opened } = await serveStream({ onClose: () => closed++ });
    const socket = stalledClient(port);
    await expect.poll(() => opened.length).toBe(1);
    socket.destroy();
    await expect.poll(() => closed).toBe(1);
    expect(opened[0]!.send('late')).toBe(false);
    expect(closed).toBe(1);
  });
});
