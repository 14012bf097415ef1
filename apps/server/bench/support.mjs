// What the benchmarks share: the built server as a child process (its exit and last output lines
// reported should it die), memory and percentile helpers, a fresh database per run, a signed-up
// user with an organization, and PDF generation.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/index.js');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const mb = (bytes) => (bytes === null ? null : Math.round((bytes / 1e6) * 10) / 10);
export const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
export const summarize = (values, digits = 2) => ({
  p50: round(percentile(values, 50), digits),
  p95: round(percentile(values, 95), digits),
});

export const rssOf = (pid) => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
};

/** The children of a process (every thread's), by pid. */
const childrenOf = (pid) => {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => {
        try {
          return fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/);
        } catch {
          return [];
        }
      })
      .filter((child) => child !== '')
      .map(Number);
  } catch {
    return [];
  }
};

/** Resident memory of a process and of every process it started (an OCR program, say). */
export const treeRssOf = (pid) =>
  childrenOf(pid).reduce((total, child) => total + treeRssOf(child), rssOf(pid) ?? 0);

/** CPU time (user + system, ms) a /proc stat file reports, or 0 once the process is gone. */
const cpuMsOfStat = (file) => {
  try {
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in ticks of USER_HZ (100 on Linux): 10 ms each.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/** Busy and total CPU time of the whole machine so far (ms, all cores), from /proc/stat. */
const machineCpuMs = () => {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  return {
    busy: (user + nice + system + irq + softirq + steal) * 10,
    total: (user + nice + system + idle + iowait + irq + softirq + steal) * 10,
  };
};

/**
 * Where the CPU goes while a phase runs: the server's event-loop thread, its other threads
 * (libuv's file pool, GC, compiler), the programs it started (extraction workers), this client
 * and the rest of the machine (PostgreSQL), each in ms per document, with how busy the whole
 * machine was. Extraction workers are counted while alive: one stopped during the phase takes its
 * time with it (they stop only after a minute idle). `start(pid)` answers `stop(documents)`.
 */
export function startCpuAccounting(pid) {
  const snapshot = () => {
    const workers = new Map(childrenOf(pid).map((child) => [child, cpuMsOfStat(`/proc/${child}/stat`)]));
    const client = process.cpuUsage();
    return {
      at: performance.now(),
      process: cpuMsOfStat(`/proc/${pid}/stat`),
      eventLoop: cpuMsOfStat(`/proc/${pid}/task/${pid}/stat`),
      workers,
      client: (client.user + client.system) / 1000,
      machine: machineCpuMs(),
    };
  };
  const before = snapshot();
  return (documents) => {
    const after = snapshot();
    let workers = 0;
    for (const [child, ms] of after.workers) workers += ms - (before.workers.get(child) ?? 0);
    const perDocument = (ms) => round(ms / documents, 2);
    const eventLoop = after.eventLoop - before.eventLoop;
    const server = after.process - before.process;
    const client = after.client - before.client;
    const machineBusy = after.machine.busy - before.machine.busy;
    const elapsed = after.at - before.at;
    return {
      msPerDocument: {
        serverEventLoop: perDocument(eventLoop),
        serverOtherThreads: perDocument(server - eventLoop),
        extractionWorkers: perDocument(workers),
        benchClient: perDocument(client),
        // PostgreSQL's backends, mostly, and whatever else ran on the machine meanwhile.
        otherProcesses: perDocument(Math.max(0, machineBusy - server - workers - client)),
      },
      serverEventLoopBusyPercent: round((eventLoop / elapsed) * 100, 0),
      machineBusyPercent: round((machineBusy / (after.machine.total - before.machine.total)) * 100, 0),
    };
  };
}

/** The server child of this run, its exit once it has exited, and the last lines it printed. */
const SERVER_OUTPUT_LINES = 40;
export const serverState = { child: null, exited: null, exit: null, stopping: false, outputTail: [] };
const keepOutput = (stream, label) => {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      serverState.outputTail.push(`${label}: ${line}`);
      if (serverState.outputTail.length > SERVER_OUTPUT_LINES) serverState.outputTail.shift();
    }
    // What the server writes to stderr (crashes, native errors) is shown as it comes.
    if (label === 'stderr') process.stderr.write(chunk);
  });
};
/** The server's last output lines, indented, or `whenNone`. */
export const serverOutputTail = (whenNone) =>
  serverState.outputTail.length
    ? `\nIts last output lines:\n  ${serverState.outputTail.join('\n  ')}`
    : whenNone;
/** Why the server is gone: its exit code or signal and the last lines of its output (pino logs on stdout). */
const describeServerExit = () => {
  const { code, signal } = serverState.exit;
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  const hint = signal === 'SIGKILL' ? ' (not sent by the bench: the kernel OOM killer? See `dmesg`)' : '';
  return `The server (pid ${serverState.child.pid}) ${how}${hint}.${serverOutputTail('\nIt printed nothing.')}`;
};

/** A bench stopped by a signal (Ctrl+C, kill) stops the server it started, then exits as told. */
let stopsServerOnSignal = false;
function stopServerOnSignal() {
  if (stopsServerOnSignal) return;
  stopsServerOnSignal = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      const { child, exit } = serverState;
      if (child && !exit) {
        serverState.stopping = true;
        child.kill('SIGTERM');
      }
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

export async function startServer({ env, port }) {
  if (!fs.existsSync(serverEntry)) throw new Error('Build the server first: npm run build -w @sheaf/server');
  stopServerOnSignal();
  const startedAt = performance.now();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (not allowed in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  Object.assign(serverState, { child, exited, exit: null, stopping: false, outputTail: [] });
  keepOutput(child.stdout, 'stdout');
  keepOutput(child.stderr, 'stderr');
  child.on('exit', (code, signal) => {
    serverState.exit = { code, signal };
    if (!serverState.stopping) process.stderr.write(`\n${describeServerExit()}\n`);
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (serverState.exit) throw new Error(`The server did not start. ${describeServerExit()}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {}
    await sleep(10);
  }
  return { child, base, coldStartMs: performance.now() - startedAt };
}

export async function stopServer(child) {
  serverState.stopping = true;
  if (serverState.exit) return;
  child.kill('SIGTERM');
  await serverState.exited;
}

/** Says whether the server was still up when the bench failed (a failed request is then the bench's). */
export async function reportServerOnFailure() {
  const server = serverState.child;
  if (server && !serverState.exit) await Promise.race([serverState.exited, sleep(2000)]);
  if (server && !serverState.exit)
    console.error(
      `The server (pid ${server.pid}) was still running when the bench failed.${serverOutputTail('')}`,
    );
}

/**
 * A fresh database for one run: a SQLite file in `dataDir`, or a new PostgreSQL database beside
 * the one `postgresUrl` names (dropped by `drop`).
 */
export async function createBenchDatabase({ dialect, dataDir, postgresUrl }) {
  if (dialect === 'sqlite') {
    return {
      url: `file:${path.join(dataDir, 'db.sqlite')}`,
      file: path.join(dataDir, 'db.sqlite'),
      drop: async () => {},
    };
  }
  const { default: pg } = await import('pg');
  const name = `sheaf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Signs a user up (e-mail verification off on bench servers) and answers their cookie. */
export async function signUp(base, email = 'bench@example.com') {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1234', name: 'Bench' }),
  });
  if (!response.ok) throw new Error(`Sign-up answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export async function createOrganization(base, cookie, name) {
  const response = await fetch(`${base}/api/organizations`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`Creating an organization answered ${response.status}`);
  return (await response.json()).organization;
}

/** A PDF with a Helvetica text layer: one page per entry, each a list of lines (A4). */
export function createPdf(pages) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((lines, i) => {
    const content = [
      'BT',
      '/F1 11 Tf',
      '14 TL',
      '56 790 Td',
      ...lines.map((l) => `(${l.replace(/[\\()]/g, '\\$&')}) Tj T*`),
      'ET',
    ].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Kept-alive connections for uploads (the agent pools them per server address). */
const uploadAgent = new http.Agent({ keepAlive: true });

/**
 * POST …/documents with one file; answers the HTTP status and the document when there is one. The
 * multipart body is written out as one buffer and sent with node:http: the bench's client shares
 * the machine with the server, and fetch with a FormData costs it about 2 ms of CPU per upload
 * where this costs under 1 ms, CPU the server then has for itself.
 */
export function uploadDocument({ base, cookie, organizationId, name, data, type = 'application/pdf' }) {
  const boundary = `----sheaf-bench-${randomBytes(12).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name.replace(/["\r\n]/g, '_')}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return sendUpload({ base, cookie, organizationId, boundary, body });
}

/**
 * Sends an upload's body; sent again once when it went on a kept-alive connection that the server
 * closed meanwhile (idle past its keep-alive timeout between two phases): the server never read it.
 */
function sendUpload({ base, cookie, organizationId, boundary, body }, isRetry = false) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/organizations/${organizationId}/documents`,
      {
        method: 'POST',
        agent: uploadAgent,
        headers: {
          origin: base,
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let document;
          try {
            document = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.document;
          } catch {}
          resolve({ status: response.statusCode, document });
        });
      },
    );
    request.on('error', (error) => {
      if (!isRetry && request.reusedSocket && error.code === 'ECONNRESET') {
        resolve(sendUpload({ base, cookie, organizationId, boundary, body }, true));
      } else reject(error);
    });
    request.end(body);
  });
}

/**
 * The environment of a bench server on `port`: its data folder and database, e-mail verification
 * off, and no per-user limits — the bench measures the server, and it polls and queries far faster
 * than a person. `extra` adds or overrides variables.
 */
export function benchServerEnv({ dataDir, databaseUrl, port, extra = {} }) {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    APP_BASE_URL: `http://127.0.0.1:${port}`,
    AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
    AUTH_RATE_LIMIT_MAX_REQUESTS: '100000',
    UPLOADS_RATE_LIMIT_PER_MINUTE: '0',
    SEARCHES_RATE_LIMIT_PER_MINUTE: '0',
    NODE_ENV: 'production',
    ...extra,
  };
}

/**
 * Uploads `pdfs` with `clients` clients at once (each takes the next file as it finishes one),
 * named `${namePrefix}-${index}.pdf`; answers the failures and when the first and last uploads were.
 */
export async function uploadConcurrently({ base, cookie, organizationId, pdfs, clients, namePrefix }) {
  let next = 0;
  let failures = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const index = next++;
        if (index >= pdfs.length) return;
        const { status } = await uploadDocument({
          base,
          cookie,
          organizationId,
          name: `${namePrefix}-${index}.pdf`,
          data: pdfs[index],
        });
        if (status !== 201) failures++;
      }
    }),
  );
  return { failures, startedAt, uploadedAt: performance.now() };
}

/** How many documents of the organization a search for `word` finds (page size 1: the count only). */
export async function searchCount({ base, cookie, organizationId, word }) {
  const response = await fetch(
    `${base}/api/organizations/${organizationId}/documents/search?searchQuery=${word}&pageSize=1`,
    { headers: { cookie } },
  );
  if (!response.ok) throw new Error(`Search answered ${response.status}`);
  return (await response.json()).documentsCount;
}

/**
 * Polls search until `word` finds `count` documents; fails after 30 minutes. Every 25 ms once at
 * most 25 documents are missing, every 100 ms before: each poll is a search the server answers
 * (about 2 ms of its event loop for 2,000 matches), and polling a long backlog 40 times a second
 * took a tenth of the time the server had for the extractions being measured.
 */
export async function waitUntilSearchable({ base, cookie, organizationId, word, count }) {
  const deadline = Date.now() + 30 * 60 * 1000;
  for (;;) {
    const found = await searchCount({ base, cookie, organizationId, word });
    if (found >= count) return;
    if (Date.now() > deadline)
      throw new Error(`Only ${found} of ${count} documents searchable after 30 minutes`);
    await sleep(count - found <= 25 ? 25 : 100);
  }
}
