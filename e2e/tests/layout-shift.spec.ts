import { expect, test } from '@playwright/test';

// Cumulative layout shift while a page loads (Chromium's layout-shift entries, as Lighthouse
// counts them): the goal is under 0.05 on the listeners' pages.

const CLS_BUDGET = 0.05;

declare global {
  interface Window {
    __cls: number;
  }
}

for (const width of [390, 1280]) {
  for (const path of ['/', '/luisteren', '/playlist', '/auth']) {
    test(`${path} at ${width} px shifts less than ${CLS_BUDGET}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.addInitScript(() => {
        window.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) window.__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 10_000 });
      await page.waitForTimeout(1_000);

      const cls = await page.evaluate(() => window.__cls);
      test.info().annotations.push({ type: 'CLS', description: cls.toFixed(3) });
      expect(cls).toBeLessThan(CLS_BUDGET);
    });
  }
}
