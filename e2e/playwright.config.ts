import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';

const port = Number(process.env.SHEAF_E2E_PORT ?? 8787);
const baseURL = `http://localhost:${port}`;
// One temporary data directory per run, shared by the config's copies in the workers.
process.env.SHEAF_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node ../apps/server/dist/index.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      APP_BASE_URL: baseURL,
      DATA_DIR: process.env.SHEAF_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
    },
  },
});
