import { describe, expect, it } from 'vitest';
import type { EndpointDefinition } from './endpoint';
import { ERROR_CATALOGUE } from './errors';
import {
  createPaperlessImportFromFolderSchema,
  isPaperlessImportFinished,
  paperlessImportSchema,
  paperlessImportsEndpoints,
} from './paperless-imports';

describe('the Paperless-ngx import contract', () => {
  it('takes a trimmed, non-empty folder path and nothing else', () => {
    expect(createPaperlessImportFromFolderSchema.parse({ path: ' /srv/export ' })).toEqual({
      path: '/srv/export',
    });
    expect(createPaperlessImportFromFolderSchema.safeParse({ path: '  ' }).success).toBe(false);
    expect(createPaperlessImportFromFolderSchema.safeParse({ path: '/srv', extra: 1 }).success).toBe(false);
  });

  it('tells finished imports from running ones', () => {
    expect(['queued', 'running'].map((status) => isPaperlessImportFinished(status as 'queued'))).toEqual([
      false,
      false,
    ]);
    expect(
      ['done', 'failed', 'cancelled'].map((status) => isPaperlessImportFinished(status as 'done')),
    ).toEqual([true, true, true]);
  });

  it('answers with its examples, and every error code it names is in the catalogue', () => {
    for (const endpoint of Object.values(paperlessImportsEndpoints) as EndpointDefinition[]) {
      expect(endpoint.auth).toBe('session');
      expect(endpoint.roles).toEqual(['owner', 'admin']);
      for (const codes of Object.values(endpoint.errors ?? {}))
        for (const code of codes ?? []) expect(ERROR_CATALOGUE).toHaveProperty([code]);
    }
    const example = paperlessImportsEndpoints.get.example.answer.import;
    expect(paperlessImportSchema.parse(example)).toEqual(example);
  });
});
