import { connect } from 'node:net';
import { MAX_JSON_BYTES } from '../../core/rules/jsonLimits';

/**
 * A busy client of a server's upload limit: it sends a chunked body past MAX_JSON_BYTES without reading, sends
 * more once the 413 has been written, and only then reads. Answers everything the server sent, as text: the
 * connection must still hand over the 413, not a reset that discards it.
 */
export async function sendPastLimitThenRead(port: number, head: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.pause();
  // Resolves when the kernel took the bytes, or the connection is gone (then the reply says what happened).
  const write = (bytes: string) =>
    new Promise<void>((done) => {
      if (socket.destroyed || socket.write(bytes)) return done();
      socket.once('drain', done);
      socket.once('close', done);
    });
  const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
  const chunk = `100000\r\n${'a'.repeat(0x100000)}\r\n`;
  await write(head);
  for (let sent = 0; sent <= MAX_JSON_BYTES; sent += 0x100000) await write(chunk);
  await pause();
  if (!socket.destroyed) socket.write(chunk);
  await pause();
  const received: Buffer[] = [];
  return new Promise<string>((resolve) => {
    const finish = () => resolve(Buffer.concat(received).toString('latin1'));
    socket.on('data', (data: Buffer) => received.push(data));
    socket.once('error', finish);
    socket.once('close', finish);
    socket.resume();
    socket.end();
  });
}
