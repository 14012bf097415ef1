import { afterEach, describe, expect, test } from 'vitest';
import {
  dismissStorageBanner,
  isStorageBannerDismissed,
  storageBannerDismissalKey,
} from './banner-dismissal';
import { usageFixture } from './testing';
import { formatPercent, isStorageNearLimit, usagePercent } from './usage';

const MB = 1000 * 1000;
const HOUR = 60 * 60 * 1000;

describe('usage figures', () => {
  test('a percentage is rounded and capped at 100, and null when the limit is unlimited', () => {
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(5, 3)).toBe(100);
    expect(usagePercent(5, null)).toBeNull();
  });

  test('storage counts the trash toward the 80 % warning', () => {
    const near = usageFixture({ documentsStorage: { used: 300 * MB, deleted: 100 * MB, limit: 500 * MB } });
    const below = usageFixture({ documentsStorage: { used: 300 * MB, deleted: 99 * MB, limit: 500 * MB } });
    const unlimited = usageFixture({ documentsStorage: { used: 900 * MB, deleted: 0, limit: null } });
    expect(isStorageNearLimit(near)).toBe(true);
    expect(isStorageNearLimit(below)).toBe(false);
    expect(isStorageNearLimit(unlimited)).toBe(false);
  });

  test('percentages follow the locale', () => {
    expect(formatPercent(85, 'en')).toBe('85%');
    expect(formatPercent(85, 'fr').replace(/\s/g, ' ')).toBe('85 %');
  });
});

describe('storage banner dismissal', () => {
  afterEach(() => localStorage.clear());

  test('hides the banner for 24 hours, for that organization only', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    dismissStorageBanner('org_a', now);

    expect(localStorage.getItem(storageBannerDismissalKey('org_a'))).toBe(String(now));
    expect(isStorageBannerDismissed('org_a', now + 23 * HOUR)).toBe(true);
    expect(isStorageBannerDismissed('org_a', now + 24 * HOUR)).toBe(false);
    expect(isStorageBannerDismissed('org_b', now + HOUR)).toBe(false);
  });

  test('ignores an unreadable stored value', () => {
    localStorage.setItem(storageBannerDismissalKey('org_a'), 'soon');
    expect(isStorageBannerDismissed('org_a')).toBe(false);
  });
});
