import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // At least two test files at once: much of a file's time is spent waiting on PostgreSQL, a
    // child server, SMTP or IMAP, and with Vitest's default of one fewer than the cores a 2-core
    // machine ran the files one by one (9 min for the suite on both databases; 7 with two).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    // A file's setup (a migrated database, users whose passwords are hashed) shares the cores with
    // the other file running beside it.
    hookTimeout: 60_000,
  },
});
