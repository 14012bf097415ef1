import { allEndpoints } from '@sheaf/contracts/endpoints';
import { tagsEndpoints } from '@sheaf/contracts/tags';
import { describe, expect, it } from 'vitest';
import { type CaseContext, generateCases, IdPool, prefixForName, seedFor } from './cases';

const organizationId = 'org_aaaaaaaaaaaaaaaaaaaaaaaa';
const pool = new IdPool();
for (const id of [organizationId, 'tag_bbbbbbbbbbbbbbbbbbbbbbbb', 'doc_cccccccccccccccccccccccc'])
  pool.add(id);
const context: CaseContext = {
  base: 'http://127.0.0.1:1',
  pool,
  organizationId,
  protectedIds: new Set([organizationId]),
};

describe('the fuzzer’s cases', () => {
  it('names the id kind of a parameter or field', () => {
    expect(prefixForName('organizationId')).toBe('org');
    expect(prefixForName('tagIds')).toBe('tag');
    expect(prefixForName('tags')).toBe('tag');
    expect(prefixForName('runId')).toBe('trr');
    expect(prefixForName('deliveryId')).toBe('whd');
    expect(prefixForName('name')).toBeUndefined();
  });

  it('draws valid tags the schema accepts, and invalid ones it refuses', () => {
    const endpoint = tagsEndpoints.create;
    const cases = generateCases(endpoint, context, { seed: 27, validCount: 25, invalidCount: 25 });
    const valid = cases.filter((kase) => kase.kind === 'valid' && kase.refusedWith === undefined);
    const invalid = cases.filter((kase) => kase.kind === 'invalid');
    expect(valid.length).toBeGreaterThanOrEqual(15);
    expect(invalid).toHaveLength(25);
    for (const kase of invalid) expect(kase.refusedWith).toBeDefined();
  });

  it('is deterministic for a seed', () => {
    const endpoint = tagsEndpoints.update;
    const draw = () =>
      JSON.stringify(
        generateCases(endpoint, context, { seed: seedFor(27, endpoint), validCount: 5, invalidCount: 5 }).map(
          (kase) => kase.input,
        ),
      );
    expect(draw()).toBe(draw());
  });

  it('draws cases for every endpoint of the catalogue in bounded time', () => {
    for (const endpoint of allEndpoints) {
      const started = Date.now();
      generateCases(endpoint, context, { seed: seedFor(27, endpoint), validCount: 5, invalidCount: 5 });
      expect(Date.now() - started, `${endpoint.method} ${endpoint.path}`).toBeLessThan(5_000);
    }
  });
});
