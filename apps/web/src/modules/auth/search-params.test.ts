import { describe, expect, test } from 'vitest';
import { validateLoginSearch } from './search-params';

describe('the login page query', () => {
  test('keeps the code step and a path of this app to go to next', () => {
    expect(validateLoginSearch({ step: 'two-factor', next: '/settings?tab=security' })).toEqual({
      step: 'two-factor',
      next: '/settings?tab=security',
    });
  });

  test('drops a next that leaves the app, and an unknown step', () => {
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'settings', '/a b']) {
      expect(validateLoginSearch({ next })).toEqual({});
    }
    expect(validateLoginSearch({ step: 'other' })).toEqual({});
  });
});
