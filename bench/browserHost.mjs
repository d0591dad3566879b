// Starts the built browser host (`out/main/browser-host.js`) on a random port for a benchmark.
import { spawn } from 'node:child_process';

/** The host on `dataDir`, signed in as `user` when given; resolves once it prints its address. */
export async function startBrowserHost(dataDir, { user } = {}) {
  const args = ['out/main/browser-host.js', '--port', '0', '--data-dir', dataDir, '--no-open'];
  if (user) args.push('--user', user);
  const child = spawn(process.execPath, args);
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`host exited ${code}: ${output}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}
