import fs from 'node:fs';

export default function globalTeardown() {
  const dataDir = process.env.SHEAF_E2E_DATA_DIR;
  if (dataDir?.includes('sheaf-e2e-')) fs.rmSync(dataDir, { recursive: true, force: true });
}
