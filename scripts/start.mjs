// `npm start`: builds the web app and the server when their sources changed since the last
// build, then runs the production server (SPA + API on one port, default 8080). The builds run
// quietly (one line each, a spinner on a terminal); their output is shown only when one fails.
import { spawn } from 'node:child_process';
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

const isTerminal = process.stdout.isTTY === true;

/** Runs `npm run build -w <workspace>`, keeping its output unless it fails. */
function buildQuietly({ name, workspace }) {
  const startedAt = Date.now();
  const label = `Building ${name}…`;
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  let frame = 0;
  const spinner = isTerminal
    ? setInterval(() => process.stdout.write(`\r${frames[frame++ % frames.length]} ${label}`), 100)
    : undefined;
  if (!isTerminal) process.stdout.write(label);
  return new Promise((resolve) => {
    const output = [];
    const child = spawn('npm', ['run', 'build', '--silent', '-w', workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      clearInterval(spinner);
      const seconds = Math.round((Date.now() - startedAt) / 100) / 10;
      const prefix = isTerminal ? '\r\x1b[2K' : ' ';
      if (code === 0) {
        process.stdout.write(
          `${prefix}${isTerminal ? `✓ ${label.replace('…', '')}` : 'done'} (${seconds} s)\n`,
        );
        return resolve();
      }
      process.stdout.write(`${prefix}${isTerminal ? `✗ ${label}` : ''} failed:\n`);
      process.stdout.write(Buffer.concat(output));
      process.exit(code ?? 1);
    });
  });
}

async function buildIfStale({ name, workspace, output, sources }) {
  const outputPath = path.join(root, output);
  const builtAt = fs.existsSync(outputPath) ? fs.statSync(outputPath).mtimeMs : 0;
  if (builtAt > newestMtime(sources)) return;
  await buildQuietly({ name, workspace });
}

const contracts = ['packages/contracts/src', 'packages/contracts/package.json'];
await buildIfStale({
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
await buildIfStale({
  name: 'the server',
  workspace: '@sheaf/server',
  output: 'apps/server/dist/index.js',
  sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...contracts],
});

const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'apps/server/dist/index.js'));
