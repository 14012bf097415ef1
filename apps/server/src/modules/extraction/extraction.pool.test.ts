import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGiganticDrawnPagePdf,
  createHugeBlankPagePdf,
  createHugeHeaderPng,
  createManyBlankPagesPdf,
  createOperatorFloodPdf,
  createTruncatedPdf,
} from '../../test/hostile-files';
import { silentLogger } from '../../test/test-app';
import { createTextPdf } from '../../test/test-files';
import { ExtractionError } from './extraction.models';
import { createExtractionPool, type ExtractionPool } from './extraction.pool';

const text = (value: string) => new TextEncoder().encode(value);
const pdf = (buffer: Buffer) => ({
  kind: 'pdf' as const,
  mimeType: 'application/pdf',
  data: new Uint8Array(buffer),
});
const normalPdf = () => pdf(createTextPdf([['Quarterly report', 'Harbour Consulting']]));

/** What an extraction ends with: its text, or the code of the ExtractionError it rejects with. */
async function outcome(extraction: Promise<string>): Promise<{ text: string } | { code: string }> {
  try {
    return { text: await extraction };
  } catch (error) {
    if (error instanceof ExtractionError) return { code: error.code };
    throw error;
  }
}

describe('the extraction worker pool', () => {
  let pool: ExtractionPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('starts workers only for work, runs tasks side by side up to its size, and stops idle workers', async () => {
    pool = createExtractionPool({
      size: 2,
      ocr: { languages: ['eng'] },
      // Long enough that on a loaded machine the worker done first is still there when the third
      // task ends and the workers are counted.
      idleTimeoutMs: 2_000,
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

    await expect.poll(() => pool!.workerCount, { timeout: 10_000 }).toBe(0);
    // Work after a quiet spell starts a worker again.
    expect(await pool.extract({ kind: 'text', mimeType: 'text/plain', data: text('Later') })).toBe('Later');
    expect(pool.workerCount).toBe(1);
  });

  it('keeps `keepReady` workers started by warmUp, and stops only the others when idle', async () => {
    pool = createExtractionPool({
      size: 2,
      ocr: { languages: ['eng'] },
      // Long enough that a loaded machine does not stop the second worker before it is counted.
      idleTimeoutMs: 1_000,
      keepReady: 1,
      logger: silentLogger,
    });
    pool.warmUp();
    expect(pool.workerCount).toBe(1);
    const texts = await Promise.all(
      ['first', 'second'].map((word) =>
        pool!.extract({ kind: 'text', mimeType: 'text/plain', data: text(`The ${word} note`) }),
      ),
    );
    expect(texts).toEqual(['The first note', 'The second note']);
    expect(pool.workerCount).toBe(2);
    await expect.poll(() => pool!.workerCount, { timeout: 5_000 }).toBe(1);
    await sleep(1_500);
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

  it('ends each hostile file with text or the failure it deserves, and still reads a normal file after each', async () => {
    pool = createExtractionPool({ size: 1, ocr: { languages: ['eng'] }, logger: silentLogger });
    const cases = [
      { file: pdf(createHugeBlankPagePdf()), expected: { text: '' } },
      { file: pdf(createManyBlankPagesPdf(3000)), expected: { text: '' } },
      { file: pdf(createTruncatedPdf()), expected: { code: 'extraction.unreadable' } },
      { file: pdf(createGiganticDrawnPagePdf()), expected: { code: 'extraction.too_large' } },
      {
        file: { kind: 'image' as const, mimeType: 'image/png', data: new Uint8Array(createHugeHeaderPng()) },
        expected: { code: 'extraction.too_large' },
      },
    ];
    for (const { file, expected } of cases) {
      expect(await outcome(pool.extract(file))).toEqual(expected);
      expect(await pool.extract(normalPdf())).toContain('Quarterly report');
    }
  }, 60_000);

  it('refuses a file over the size limit with extraction.too_large, without starting a worker', async () => {
    pool = createExtractionPool({
      size: 1,
      ocr: { languages: ['eng'] },
      logger: silentLogger,
      limits: { maxFileBytes: 10 },
    });
    expect(pool.limits.maxFileBytes).toBe(10);
    expect(
      await outcome(pool.extract({ kind: 'text', mimeType: 'text/plain', data: text('eleven char') })),
    ).toEqual({
      code: 'extraction.too_large',
    });
    expect(pool.workerCount).toBe(0);
  });

  it('rejects a task past its time limit with extraction.timeout, and runs the next one in a new worker', async () => {
    pool = createExtractionPool({
      size: 1,
      ocr: { languages: ['eng'] },
      // The limit counts from the task's dispatch, a new worker's start included: on a loaded
      // 2-core machine a worker started from the TypeScript sources took 6 s to read the normal
      // PDF. The flood takes half a minute or more anywhere.
      taskTimeoutMs: 10_000,
      logger: silentLogger,
      // Room enough that the flood below runs out of time, not of memory.
      limits: { maxOldGenerationSizeMb: 2048 },
    });
    // Queued together: the second waits for the worker the first one holds until it is killed.
    const slow = outcome(pool.extract(pdf(createOperatorFloodPdf())));
    const next = pool.extract(normalPdf());
    expect(await slow).toEqual({ code: 'extraction.timeout' });
    expect(await next).toContain('Quarterly report');
    expect(pool.workerCount).toBe(1);
  }, 60_000);

  it('rejects a file that exhausts the worker heap with extraction.too_large, and keeps working', async () => {
    pool = createExtractionPool({
      size: 1,
      ocr: { languages: ['eng'] },
      logger: silentLogger,
      // Enough for pdf.js loaded from TypeScript sources (about 110 MB here) and a normal PDF.
      limits: { maxOldGenerationSizeMb: 128 },
    });
    // A million operators: an operator list of hundreds of megabytes.
    expect(await outcome(pool.extract(pdf(createOperatorFloodPdf(1_000_000))))).toEqual({
      code: 'extraction.too_large',
    });
    // A text file, quick to read in a worker this tight (a PDF is read, slowly, near the limit).
    expect(await pool.extract({ kind: 'text', mimeType: 'text/plain', data: text('Still here') })).toBe(
      'Still here',
    );
  }, 60_000);

  it('rejects the tasks of a closed pool with a plain Error: no fault of the file', async () => {
    pool = createExtractionPool({ size: 1, ocr: { languages: ['eng'] }, logger: silentLogger });
    const tasks = [pool.extract(pdf(createOperatorFloodPdf())), pool.extract(normalPdf())].map((task) =>
      task.then(
        () => undefined,
        (reason: unknown) => reason,
      ),
    );
    await pool.close();
    for (const error of await Promise.all(tasks)) {
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ExtractionError);
    }
    await expect(pool.extract(normalPdf())).rejects.toThrow('The extraction pool is closed');
  });
});
