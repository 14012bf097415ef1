import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/test-app';
import { createExtractionPool, type ExtractionPool } from './extraction.pool';

const text = (value: string) => new TextEncoder().encode(value);

describe('the extraction worker pool', () => {
  let pool: ExtractionPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('starts workers only for work, runs tasks side by side up to its size, and stops idle workers', async () => {
    pool = createExtractionPool({
      size: 2,
      ocr: { languages: ['eng'] },
      idleTimeoutMs: 300,
      logger: silentLogger,
    });
    expect(pool.workerCount).toBe(0);
    const texts = await Promise.all(
      ['first', 'second', 'third'].map((word) =>
        pool!.extract({ kind: 'text', mimeType: 'text/plain', data: text(`The ${word} note`) }),
      ),
    );
    expect(texts).toEqual(['The first note', 'The second note', 'The third note']);
    expect(pool.workerCount).toBe(2);

    await expect.poll(() => pool!.workerCount, { timeout: 5_000 }).toBe(0);
    // Work after a quiet spell starts a worker again.
    expect(await pool.extract({ kind: 'text', mimeType: 'text/plain', data: text('Later') })).toBe('Later');
    expect(pool.workerCount).toBe(1);
  });

  it('keeps a worker that gets new work before its idle timeout', async () => {
    pool = createExtractionPool({
      size: 1,
      ocr: { languages: ['eng'] },
      idleTimeoutMs: 1_500,
      logger: silentLogger,
    });
    for (const word of ['one', 'two', 'three']) {
      expect(await pool.extract({ kind: 'text', mimeType: 'text/plain', data: text(word) })).toBe(word);
      await sleep(300);
      expect(pool.workerCount).toBe(1);
    }
  });
});
