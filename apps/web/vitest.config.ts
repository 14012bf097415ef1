import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    // Whole-app tests render lazy routes and run user flows; on a loaded 2-core machine 5 s is too tight.
    testTimeout: 15_000,
    // Two test files at once even on 2 cores: each file spends a second or more setting up jsdom
    // and importing the app, which overlaps with the other file's tests (5.7 min → 2.7 min).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
