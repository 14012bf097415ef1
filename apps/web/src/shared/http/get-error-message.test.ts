import { ERROR_CODES } from '@sheaf/contracts/errors';
import { describe, expect, test } from 'vitest';
import { createTestI18n } from '../../test/render';
import { ApiError } from './api-error';
import { getErrorMessage, getErrorMessageKey } from './get-error-message';

const i18n = createTestI18n();
const t = (key: string) => i18n.t(key);

function apiError(data: unknown, status = 400) {
  return new ApiError({ status, statusText: 'Bad Request', data, url: 'http://x/api' });
}

describe('error messages', () => {
  test('a known code maps to its api-errors message', () => {
    const error = apiError({ error: { code: 'tags.already_exists', message: 'x' } }, 409);
    expect(getErrorMessage(error, t)).toBe('A tag with this name already exists for this organization.');
  });

  test('an unknown code maps to the default message', () => {
    expect(getErrorMessage(apiError({ error: { code: 'nope.unknown', message: 'x' } }), t)).toBe(
      'An error occurred while processing your request.',
    );
    expect(getErrorMessage(new Error('Failed to fetch'), t)).toBe(
      'An error occurred while processing your request.',
    );
    expect(getErrorMessage(undefined, t)).toBe('An error occurred while processing your request.');
  });

  test('INVALID_ORIGIN and INVALID_…URL codes map to the invalid origin message', () => {
    const expected = 'Invalid application origin, the base URL setting must match the current URL.';
    expect(getErrorMessage(apiError({ code: 'INVALID_ORIGIN', message: 'Invalid origin' }, 403), t)).toBe(
      expected,
    );
    expect(getErrorMessage(apiError({ code: 'INVALID_CALLBACK_URL' }, 403), t)).toBe(expected);
    expect(getErrorMessage({ code: 'INVALID_REDIRECT_URL' }, t)).toBe(expected);
  });

  test('a code read from a message text maps like any code', () => {
    expect(getErrorMessageKey({ message: 'internal.error' })).toBe('api-errors.internal.error');
  });

  test.each(ERROR_CODES)('the shared error code %s has an English message', (code) => {
    const key = getErrorMessageKey(apiError({ error: { code, message: 'x' } }));
    expect(key).toBe(`api-errors.${code}`);
    expect(i18n.exists(key)).toBe(true);
    expect(typeof i18n.t(key)).toBe('string');
  });

  test('a refusal of the authentication routes reads like any other', () => {
    expect(
      getErrorMessage(apiError({ error: { code: 'auth.invalid_credentials', message: 'x' } }, 401), t),
    ).toBe('Invalid e-mail or password.');
  });

  test('a 429 without a known code maps to the rate-limited message', () => {
    expect(getErrorMessage(apiError({ message: 'Too many requests. Please try again later.' }, 429), t)).toBe(
      'Too many requests, wait a moment and try again.',
    );
  });
});
