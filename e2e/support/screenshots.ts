import fs from 'node:fs';
import type { Page } from '@playwright/test';

/** Light and dark, narrow and wide, into SHEAF_E2E_SHOTS_DIR when it is set (a look, not a check). */
export async function shoot(page: Page, name: string) {
  const dir = process.env.SHEAF_E2E_SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  // Colours change at once: a shot right after the switch otherwise catches them half-way.
  const still = await page.addStyleTag({
    content: '*,*::before,*::after{transition:none!important;animation:none!important}',
  });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png` });
    }
  }
  await still.evaluate((element) => (element as Element).remove());
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}
