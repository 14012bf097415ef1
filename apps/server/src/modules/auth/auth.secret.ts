import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/config';
import type { Logger } from '../../shared/logger';

export const AUTH_SECRET_FILE_NAME = 'auth-secret';

/**
 * AUTH_SECRET when set; otherwise a secret generated once and kept in the data dir (0600),
 * so a fresh `npm start` works and sessions survive restarts.
 */
export function resolveAuthSecret({ config, logger }: { config: Config; logger: Logger }): string {
  if (config.env.AUTH_SECRET) return config.env.AUTH_SECRET;
  const file = path.join(config.dataDir, AUTH_SECRET_FILE_NAME);
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails if another process created it meanwhile; then that one wins.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
  if (config.isProduction) {
    logger.warn(
      { file },
      'AUTH_SECRET is not set: generated one and stored it in the data directory. Set AUTH_SECRET in production.',
    );
  }
  return secret;
}
