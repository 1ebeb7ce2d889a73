import { expect, test } from '../support/test.ts';

// Cumulative layout shift while a page loads (Chromium's layout-shift entries, as Lighthouse
// counts them): the goal is under 0.05 on the listeners' pages. Every API answer is held back
// longer than the first paint waits for it (main.tsx), as on a slow phone connection, so the
// placeholders are always drawn before the data replaces them: the measure does not depend on
// how busy this machine is.

const CLS_BUDGET = 0.05;
const API_DELAY_MS = 1_000;

type Shift = { value: number; sources: string[] };

declare global {
  interface Window {
    __shifts: Shift[];
  }
}

for (const width of [390, 1280]) {
  for (const path of ['/', '/luisteren', '/playlist', '/auth']) {
    test(`${path} at ${width} px shifts less than ${CLS_BUDGET}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
        await route.fallback();
      });
      await page.addInitScript(() => {
        window.__shifts = [];
        const describe = (node: Node | null | undefined): string =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].slice(0, 4).join('.')}`
            : String(node?.nodeName);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            window.__shifts.push({
              value: entry.value,
              sources: (entry.sources ?? []).map((source) => describe(source.node)),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Loaded: no placeholder left, nothing in flight, the fonts in place, and a frame painted
      // after that (layout-shift entries are reported with the frame that shifted).
      await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 10_000 });
      await page.waitForLoadState('networkidle');
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      });

      const shifts = await page.evaluate(() => window.__shifts);
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      test.info().annotations.push({ type: 'CLS', description: cls.toFixed(3) });
      expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(CLS_BUDGET);
    });
  }
}
