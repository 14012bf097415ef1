import fs from 'node:fs';
import path from 'node:path';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks until `check` answers a value, or fails after `timeoutMs`. */
export async function waitFor<Value>(
  check: () => Promise<Value | undefined> | Value | undefined,
  { timeoutMs = 20_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Every file under `directory`, as `/`-separated paths relative to it, sorted. */
export function filesUnder(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return (fs.readdirSync(directory, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/** A file with distinct content (a text file whose first line is `label`), `size` bytes or more. */
export function distinctContent(label: string, size = 2000): Buffer {
  const line = `${label} ${Math.random().toString(36).slice(2)}\n`;
  return Buffer.from(line.repeat(Math.max(1, Math.ceil(size / line.length))));
}
