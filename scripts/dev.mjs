// npm run dev: the server in watch mode on :8080 and the Vite dev server (proxying the API to it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const procs = [
  // /docs open to everyone on a developer's machine (production serves it to signed-in admins only).
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { API_DOCS: 'public', ...process.env },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
