import { describe, expect, test } from 'vitest';
import { createTestI18n } from '../../test/render';
import { addAllowedSender } from './validation';

const t = createTestI18n().t;

describe('addAllowedSender', () => {
  test('answers the new list with the sender trimmed and lower-cased at its end', () => {
    expect(addAllowedSender(['ada@example.com'], ' Grace@Example.com ', t)).toEqual({
      success: true,
      allowedOrigins: ['ada@example.com', 'grace@example.com'],
    });
  });

  test("answers the 'exists' message for a sender already listed", () => {
    expect(addAllowedSender(['ada@example.com'], 'Ada@Example.com', t)).toEqual({
      success: false,
      message: 'This e-mail address is already in the list.',
    });
  });

  test('answers the spec message for an invalid address and asks for one when empty', () => {
    expect(addAllowedSender([], 'ada@', t)).toEqual({
      success: false,
      message: 'Please enter a valid e-mail address.',
    });
    expect(addAllowedSender([], '   ', t)).toEqual({ success: false, message: 'Enter an e-mail address.' });
  });

  test('refuses an address over 254 characters', () => {
    const long = `ada@${'a'.repeat(250)}.com`;
    expect(addAllowedSender([], long, t)).toEqual({
      success: false,
      message: 'The e-mail address must be at most 254 characters.',
    });
  });
});
