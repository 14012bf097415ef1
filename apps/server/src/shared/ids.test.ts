import { isIdWithPrefix } from '@sheaf/contracts/ids';
import { describe, expect, it } from 'vitest';
import { deriveId, generateId } from './ids';

describe('id generation', () => {
  it('makes the prefix, an underscore and 24 lowercase alphanumerics', () => {
    const id = generateId('org');
    expect(id).toMatch(/^org_[a-z0-9]{24}$/);
    expect(isIdWithPrefix(id, 'org')).toBe(true);
    expect(isIdWithPrefix(id, 'doc')).toBe(false);
  });

  it('does not repeat itself', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => generateId('doc')));
    expect(ids.size).toBe(5000);
  });

  it('derives the same well-formed id from the same seed, and another from another seed', () => {
    const id = deriveId('doc', 'ie_1\nmid:bill@example.org\n0');
    expect(id).toMatch(/^doc_[a-z0-9]{24}$/);
    expect(deriveId('doc', 'ie_1\nmid:bill@example.org\n0')).toBe(id);
    expect(deriveId('doc', 'ie_1\nmid:bill@example.org\n1')).not.toBe(id);
    const ids = new Set(Array.from({ length: 5000 }, (_, index) => deriveId('doc', `seed ${index}`)));
    expect(ids.size).toBe(5000);
  });
});
