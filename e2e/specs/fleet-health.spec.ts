/**
 * Issue 15 "The overview per space", in Chromium against the demo: the demo dealer opens Fleet health from the side
 * menu, sees the demo PCO with the figures the API computes (sites in alert, silent gateways, low batteries,
 * firmware, median response, last login), sorts it and drills down into the PCO by substitution (its Home opens); the
 * demo PCO's owner finds the map of the sites on Home, each marker named and opening its site. Desktop in Japanese,
 * mobile in French (the map under the lists, full width), each screen also captured in the other language; axe finds
 * no serious or critical violation.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, translator } from '../fixtures/i18n';

/** The demo PCO of the demo dealer (apps/server/src/db/seed/demo-people.ts). */
const DEMO_PCO = 'Sud-Ouest Protection Termites';

const langOf = (): Lang => (test.info().project.name === 'mobile' ? 'fr' : 'ja');
/** The language of the extra captures: French and Japanese at both widths. */
const otherLang = (): Lang => (langOf() === 'fr' ? 'ja' : 'fr');

/** The figures of the demo PCO as the API answers them to the signed-in dealer. */
async function demoPcoFigures(page: Page) {
  const response = await page.request.get(`/api/fleet_health?search=${encodeURIComponent(DEMO_PCO)}`, {
    headers: { 'Client-Type': 'webapp' },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { 'hydra:member': Record<string, unknown>[] };
  expect(body['hydra:member']).toHaveLength(1);
  return body['hydra:member'][0] as {
    ulid: string;
    sites: number;
    sites_in_alert: number;
    gateways: number;
    silent_gateways: number;
    stations: number;
    low_battery_stations: number;
    firmware_versions: { version: string; count: number }[];
  };
}

test('the demo dealer sees the demo PCO in Fleet health, sorts the list and enters the PCO', async ({
  page,
  loginAs,
}) => {
  const lang = langOf();
  const t = translator(lang);
  const mobile = test.info().project.name === 'mobile';
  await loginAs('dealer');
  await page.goto(`/pcos?lang=${lang}`);
  if (mobile) await page.getByRole('button', { name: t('layout:menu.open') }).click();
  await page.getByRole('link', { name: t('layout:menu.fleet') }).click();
  await expect(page).toHaveURL(/\/fleet/);
  await expect(page.getByRole('heading', { level: 1, name: t('overview:fleet.title') })).toBeVisible();

  const figures = await demoPcoFigures(page);
  const enter = page.getByRole('button', { name: t('overview:fleet.enterNamed', { name: DEMO_PCO }) });
  await expect(enter).toBeVisible();
  // the demo PCO's block: its table row on a desktop, its card on a phone
  const block = mobile
    ? page.getByRole('listitem').filter({ has: enter })
    : page.getByRole('row').filter({ has: enter });
  await expect(block).toContainText(`${figures.sites_in_alert} / ${figures.sites}`);
  await expect(block).toContainText(`${figures.silent_gateways} / ${figures.gateways}`);
  await expect(block).toContainText(`${figures.low_battery_stations} / ${figures.stations}`);
  expect(figures.firmware_versions.length).toBeGreaterThan(0);
  for (const { version, count } of figures.firmware_versions) {
    await expect(block).toContainText(t('overview:fleet.firmwareCount', { version, devices: count }));
  }
  // the dealer sees its own PCOs only: the other dealer's PCO is not listed
  await expect(page.getByText('Kanto Termite Care')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'Fleet health');
  await screenshot(page, `fleet-health-${lang}`);
  await page.goto(`/fleet?lang=${otherLang()}`);
  await expect(enter.or(page.getByRole('heading', { level: 1 })).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshot(page, `fleet-health-${otherLang()}`);
  await page.goto(`/fleet?lang=${lang}`);

  // sorting by name: the URL keeps it, and the list is in alphabetical order
  if (mobile) {
    await page.getByRole('button', { name: new RegExp(t('overview:fleet.sortBy')) }).click();
    await page
      .getByRole('option', {
        name: t('overview:fleet.sortOption.asc', { column: t('overview:fleet.columns.name') }),
      })
      .click();
  } else {
    await page
      .getByRole('columnheader', { name: t('overview:fleet.columns.name') })
      .getByRole('button')
      .click();
    await expect(page.getByRole('columnheader', { name: t('overview:fleet.columns.name') })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  }
  await expect(page).toHaveURL(/sort=name&dir=asc/);

  // the drill-down: substitution into the PCO, whose Home opens
  await enter.click();
  await expect(page).toHaveURL(/\/home/);
  // (in the account's own language: the app restarts on / without `lang`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the session now acts in the PCO (the sidebar, a slide-over on a phone, names it)
  const me = await page.request.get('/api/me', { headers: { 'Client-Type': 'webapp' } });
  expect(((await me.json()) as { connected_on_pco: { ulid: string } | null }).connected_on_pco?.ulid).toBe(
    figures.ulid,
  );
});

test("the demo PCO's owner finds the map of the sites on Home; a marker opens its site", async ({ page, loginAs }) => {
  const lang = langOf();
  const t = translator(lang);
  await loginAs('owner');
  await page.goto(`/home?lang=${lang}`);
  const title = page.getByRole('heading', { name: t('overview:map.title') });
  await expect(title).toBeAttached();
  // the screen scrolls inside the layout's main area: nothing Home positions (its visually hidden labels) stretches
  // the document below the layout, where a phone's scroll past the end showed an empty page
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
    page.viewportSize()?.height ?? 0,
  );
  const map = page.getByTestId('sites-map');
  // the sites and Leaflet load when the card nears the viewport: under the lists on a phone, after scrolling
  await title.scrollIntoViewIfNeeded();
  await expect(title).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  const markers = map.locator('.site-marker');
  await expect(markers.first()).toBeVisible();
  expect(await markers.count()).toBeGreaterThan(1);
  // full width under the lists
  const box = await map.boundingBox();
  const upcoming = await page.getByRole('heading', { name: t('home:upcoming.title') }).boundingBox();
  if (box && upcoming) expect(box.y).toBeGreaterThan(upcoming.y);
  await expectNoSeriousA11yViolations(page, 'Home with the sites map');
  await screenshot(page, `home-sites-map-${lang}`);
  await map.scrollIntoViewIfNeeded();
  await screenshot(page, `home-sites-map-${lang}-viewport`, { fullPage: false });
  await page.goto(`/home?lang=${otherLang()}`);
  await page.getByRole('heading', { name: translator(otherLang())('overview:map.title') }).scrollIntoViewIfNeeded();
  await page.getByTestId('sites-map').locator('.site-marker').first().scrollIntoViewIfNeeded();
  await screenshot(page, `home-sites-map-${otherLang()}-viewport`, { fullPage: false });
  await page.goto(`/home?lang=${lang}`);
  await title.scrollIntoViewIfNeeded();
  await map.locator('.site-marker').first().scrollIntoViewIfNeeded();

  const first = markers.first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  expect(name).toContain(' · ');
  // by the keyboard (Enter on the focused marker), as by a click
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sites\/[0-9A-Z]{26}/);
});
