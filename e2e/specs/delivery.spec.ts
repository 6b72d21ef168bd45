/**
 * How the web app is delivered (issue 11): the real build goes out pre-compressed with hashed assets cached for good
 * and the shell revalidated; the screens do not shift once their content arrives (the legal footer shifted Home,
 * CLS 0.20); the Sites list does not load the site form (date picker, validation rules) until it is opened.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { translator } from '../fixtures/i18n';

/** The demo PCO owner works in French. */
const t = translator('fr');

/** Sums the layout shifts (without recent input) the page records from its first paint on. */
async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
}

/** The paths of the hashed assets the page fetched. */
function assetRequests(page: Page): string[] {
  const assets: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) assets.push(pathname);
  });
  return assets;
}

test('hashed assets go out brotli-compressed and immutable, the shell revalidated', async ({ page, request }) => {
  await page.goto('/login');
  const script = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
  expect(script).toBeTruthy();
  const asset = await request.get(script ?? '', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const url of ['/', '/home', '/sites']) {
    const shell = await request.get(url, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(shell.headers()['content-encoding'], url).toBe('br');
    expect(shell.headers()['cache-control'], url).toBe('no-cache');
  }
});

for (const path of ['/home', '/sites', '/planning']) {
  test(`${path} does not shift its layout while it loads`, async ({ page, loginAs }) => {
    await loginAs('owner');
    const shifts = await recordLayoutShifts(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined); // the alerts stream never idles
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await shifts()).toBeLessThan(0.05);
  });
}

test('the Sites list loads the site form only when it is opened', async ({ page, loginAs }) => {
  await loginAs('owner');
  const assets = assetRequests(page);
  await page.goto('/sites');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#other-sites-heading')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const formChunks = () => assets.filter((asset) => /\/(site-form-panel|date-picker)-[\w-]+\.js$/.test(asset));
  expect(formChunks()).toEqual([]);

  await page
    .getByRole('button', { name: t('sites:list.newSite') })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(formChunks().length).toBeGreaterThan(0);
});

test('the date fields of the planning filters are targets of at least 24 × 24 px', async ({ page, loginAs }) => {
  await loginAs('owner');
  await page.goto('/planning');
  const segments = page.getByRole('spinbutton');
  await expect(segments.first()).toBeVisible();
  const boxes = await segments.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { width: Math.round(width), height: Math.round(height) };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
});
