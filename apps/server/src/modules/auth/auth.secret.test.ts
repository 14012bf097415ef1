import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { silentLogger } from '../../test/test-app';
import { AUTH_SECRET_FILE_NAME, resolveAuthSecret } from './auth.secret';

describe('the auth secret', () => {
  it('is AUTH_SECRET when set', () => {
    const secret = 's'.repeat(40);
    expect(resolveAuthSecret({ config: loadConfig({ AUTH_SECRET: secret }), logger: silentLogger })).toBe(
      secret,
    );
  });

  it('refuses an AUTH_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  it('is generated once into the data dir, readable by its owner only, and reused', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-secret-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const first = resolveAuthSecret({ config, logger: silentLogger });
      const file = path.join(dataDir, AUTH_SECRET_FILE_NAME);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveAuthSecret({ config, logger: silentLogger })).toBe(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
