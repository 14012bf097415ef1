import { describe, expect, test } from 'vitest';
import { getSupportHref } from './support';

describe('the "Contact support" link', () => {
  test("leads to the instance's SUPPORT_URL when it has one", () => {
    expect(
      getSupportHref({ baseUrl: 'https://docs.example.com', supportUrl: 'https://help.example.com' }),
    ).toBe('https://help.example.com');
  });

  test('otherwise writes to support@ the host of the instance', () => {
    expect(getSupportHref({ baseUrl: 'https://docs.example.com:8443/x', supportUrl: null })).toBe(
      'mailto:support@docs.example.com?subject=Checkout',
    );
  });
});
