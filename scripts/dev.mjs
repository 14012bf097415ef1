// `npm run dev`: the API server with reload on change (port 8080) and the Vite dev server
// (http://localhost:5173, proxying /api to the API server).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

const serverEnv = {
  ...process.env,
  NODE_ENV: 'development',
  LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug',
  // The browser talks to the Vite origin; sign-in checks the origin against this.
  APP_BASE_URL: process.env.APP_BASE_URL ?? 'http://localhost:5173',
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
};

const children = [
  spawn('npm', ['run', 'dev', '-w', '@sheaf/server'], { cwd: root, stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', '@sheaf/web'], { cwd: root, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
