import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { TEST_PASSWORD } from './harness.ts';

// A real server process for the kill -9 tests: a free port, and the server started on a data directory (SQLite) with
// the given extra settings, resolved once /health answers.

const MAIN = path.join(import.meta.dirname, '../main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD: TEST_PASSWORD,
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '100000',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}
