import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Whether nothing on the page is moving: no finite animation or transition running, and every toast
 * in place (a toast is inserted a frame before its fade-in starts, and fades out once removed). */
const isStill = () =>
  document
    .getAnimations()
    .every(
      (animation) =>
        animation.playState !== 'running' ||
        animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
    ) &&
  Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
    (toast) => toast.getAttribute('data-mounted') === 'true' && toast.getAttribute('data-removed') !== 'true',
  );

/**
 * Fails on any serious or critical accessibility violation of the page as it is now — once it is
 * still, twice in a row 100 ms apart: a toast fading in is checked at its full colours, not halfway.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  {
    exclude = [],
  }: {
    /** Selectors of parts that are not ours to check (a user's file shown in a frame). */ exclude?: string[];
  } = {},
) {
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.waitForFunction(isStill, undefined, { timeout: 5_000 });
    await page.waitForTimeout(100);
    if (await page.evaluate(isStill)) break;
  }
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  expect(serious).toEqual([]);
}
