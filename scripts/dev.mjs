#!/usr/bin/env node
// Development: the gateway with reload (tsx watch, port 8080) and the Vite dev server (port 5173), which
// proxies the API and socket.io to the gateway. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn('npx', ['tsx', 'watch', 'gateway/src/start.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { PORT: '8080', ...process.env },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: `${root}client`, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
