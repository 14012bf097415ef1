// `npm test`: lint + format check, import boundaries, type checks, server tests (SQLite, and PostgreSQL when
// TEST_POSTGRES_URL is set), web tests and end-to-end tests in Chromium against the
// production build. Ends with one line `N passed, N failed` summing every suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
// Names of the failing tests, printed again beside the summary: a log that keeps only its
// end still says what failed.
const failures = [];

function run(command, args, { cwd = root, env = {} } = {}) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function record(name, { passed, failed, skipped = 0, note = '' }) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push(
    `${name.padEnd(24)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${note ? `  ${note}` : ''}`,
  );
}

function check(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const status = run(command, args);
  record(name, status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
}

function vitestSuite(name, workspaceDir, env = {}) {
  console.log(`\n=== ${name} ===`);
  const reportFile = path.join(resultsDir, `${name.replace(/\W+/g, '-')}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reportFile}`],
    {
      cwd: path.join(root, workspaceDir),
      env,
    },
  );
  if (!fs.existsSync(reportFile)) return record(name, { passed: 0, failed: 1, note: '(the runner crashed)' });
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  for (const file of report.testResults ?? []) {
    const where = path.relative(path.join(root, workspaceDir), file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${name}: ${where} › ${test.fullName}`);
    }
    // A file that failed before any of its tests ran (an import or a hook) has no failed test.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failures.push(`${name}: ${where} (${firstLine(file.message) || 'the file failed'})`);
  }
  record(name, {
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
  });
}

// The API fuzz (issue 27, apps/server/src/fuzz): every catalogue endpoint against a real server
// process, on SQLite and, with TEST_POSTGRES_URL, on PostgreSQL. Counted per endpoint and database
// (an endpoint passes when every one of its requests did); its report names each failing request.
function fuzzSuite() {
  console.log('\n=== API fuzz ===');
  const reportFile = path.join(resultsDir, 'fuzz.json');
  const status = run('npm', ['run', 'fuzz', '--', '--report', reportFile], {
    cwd: path.join(root, 'apps/server'),
  });
  if (!fs.existsSync(reportFile))
    return record('API fuzz', { passed: 0, failed: 1, note: '(the runner crashed)' });
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const byEndpoint = new Map();
  for (const result of report.results ?? []) {
    for (const failure of result.failures ?? []) {
      const key = `API fuzz (${result.dialect}): ${failure.endpoint}`;
      const problem =
        failure.message.split('\n').find((line) => line.trim().startsWith('✗')) ?? failure.message;
      const entry = byEndpoint.get(key) ?? { count: 0, problem: problem.trim().replace(/^✗\s*/, '') };
      entry.count++;
      byEndpoint.set(key, entry);
    }
  }
  for (const [key, { count, problem }] of byEndpoint)
    failures.push(`${key} — ${firstLine(problem)}${count > 1 ? ` (${count} requests)` : ''}`);
  const failed = report.failed + (status !== 0 && report.failed === 0 ? 1 : 0);
  record('API fuzz', {
    passed: report.passed,
    failed,
    note: `(endpoints × databases; ${report.requests} requests, ${report.failedRequests} failing, seed ${report.seed})`,
  });
}

function e2eSuite({ built }) {
  console.log('\n=== end-to-end (Chromium) ===');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.log(
      `\n!!! SKIPPING END-TO-END TESTS: no Chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH. !!!\n`,
    );
    return record('end-to-end', { passed: 0, failed: 0, note: '(SKIPPED: no Chromium)' });
  }
  if (!built) return record('end-to-end', { passed: 0, failed: 1, note: '(build failed)' });
  const reportFile = path.join(resultsDir, 'e2e.json');
  const status = run('npx', ['playwright', 'test'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
  });
  if (!fs.existsSync(reportFile))
    return record('end-to-end', { passed: 0, failed: 1, note: '(the runner crashed)' });
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const { stats } = report;
  collectPlaywrightFailures(report.suites ?? [], null);
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  record('end-to-end', { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped });
}

// Playwright's report nests suites: the files at the top, then their describe blocks.
function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const inner = titles === null ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === 'unexpected'))
        failures.push(`end-to-end: ${spec.file}:${spec.line} › ${[...inner, spec.title].join(' › ')}`);
    }
    collectPlaywrightFailures(suite.suites ?? [], inner);
  }
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 200);
}

check('lint and format', 'npx', ['biome', 'ci', '.']);
// The layering of DESIGN.md §2: import rules and no cycle between domains.
check('import boundaries', 'node', ['scripts/check-imports.mjs']);
for (const project of ['packages/contracts', 'apps/server', 'apps/web', 'e2e']) {
  check(`types: ${project}`, 'npx', ['tsc', '-p', project, '--noEmit']);
}
vitestSuite('server', 'apps/server');
if (!process.env.TEST_POSTGRES_URL)
  console.log('(TEST_POSTGRES_URL is not set: server tests ran on SQLite only)');
fuzzSuite();
vitestSuite('web', 'apps/web');
console.log('\n=== production build ===');
const built = run('npm', ['run', 'build']) === 0;
record('production build', built ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
// The JavaScript the login page loads, against its budget (from the build's manifest).
if (built) check('login page JavaScript', 'node', ['apps/web/scripts/check-login-bundle.mjs']);
// The demo (issue 18): none of it in the normal build; its own build (checked against its JavaScript
// budget) is what e2e/tests/demo.spec.ts serves, so it is built here and cannot rot.
if (built) check('no demo in normal build', 'node', ['apps/web/scripts/check-demo-bundle.mjs', '--normal']);
console.log('\n=== demo build ===');
const demoBuilt = run('npm', ['run', 'build:demo']) === 0;
record('demo build', demoBuilt ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
e2eSuite({ built: built && demoBuilt });

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const line of failures) console.log(`  ${line}`);
}
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
