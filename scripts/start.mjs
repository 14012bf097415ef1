// `npm start`: builds the web app and the server when their sources changed since the last
// build, then runs the production server (SPA + API on one port, default 8080).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry))
        if (child !== 'node_modules' && child !== 'dist') visit(path.join(entry, child));
    } else if (!/\.test\.tsx?$/.test(entry)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of paths) visit(path.join(root, entry));
  return newest;
}

function buildIfStale({ name, workspace, output, sources }) {
  const outputPath = path.join(root, output);
  const builtAt = fs.existsSync(outputPath) ? fs.statSync(outputPath).mtimeMs : 0;
  if (builtAt > newestMtime(sources)) return;
  console.log(`Building ${name}…`);
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
}

const contracts = ['packages/contracts/src', 'packages/contracts/package.json'];
buildIfStale({
  name: 'the web app',
  workspace: '@sheaf/web',
  output: 'apps/web/dist/index.html',
  sources: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    ...contracts,
  ],
});
buildIfStale({
  name: 'the server',
  workspace: '@sheaf/server',
  output: 'apps/server/dist/index.js',
  sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...contracts],
});

const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'apps/server/dist/index.js'));
