import { isIdWithPrefix } from '@sheaf/contracts/ids';
import { describe, expect, it } from 'vitest';
import { generateId } from './ids';

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
});
