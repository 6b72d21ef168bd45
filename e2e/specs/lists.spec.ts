/**
 * Issue 14 "one data table used by clients, users, sites, equipment and the logs" (shared/ui/data-table, ADR 021), in
 * Chromium at 1280 px (desktop, French) and 390 px (mobile, Japanese), axe clean on every screen: each list shows its
 * rows as a table on the desktop and as cards on the phone (never a clipped table), one column is sorted (a header
 * button with `aria-sort` on the desktop, the "sort by" select on the phone, the order kept in the URL), and the
 * equipment filter of a site survives a trip to another screen and back (SPEC §3 "Filters kept while browsing").
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, type Translate, translator } from '../fixtures/i18n';

const WEBAPP = { 'Client-Type': 'webapp' };

/** This project's language: French on the desktop, Japanese on the phone. */
function language(): { lang: Lang; t: Translate; mobile: boolean } {
  const mobile = test.info().project.name === 'mobile';
  const lang: Lang = mobile ? 'ja' : 'fr';
  return { lang, t: translator(lang), mobile };
}

/** `path` in `lang` (the demo account's saved language would apply otherwise). */
function inLang(path: string, lang: Lang): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The list named `caption` inside `scope`: on the desktop a table with at least one row of data and no cards; on the
 * phone a list of cards (`article`s), each titled, and no table. Answers the table or the list.
 */
async function expectRows(scope: Page | Locator, caption: string, mobile: boolean): Promise<Locator> {
  if (mobile) {
    const list = scope.getByRole('list', { name: caption, exact: true });
    await expect(list.getByRole('article').first()).toBeVisible();
    await expect(scope.getByRole('table', { name: caption, exact: true })).toHaveCount(0);
    // no card is wider than the screen
    const overflowing = await list.evaluate(
      (element) =>
        [...element.querySelectorAll('article')].filter(
          (card) => card.getBoundingClientRect().right > window.innerWidth + 1,
        ).length,
    );
    expect(overflowing).toBe(0);
    return list;
  }
  const table = scope.getByRole('table', { name: caption, exact: true });
  await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();
  await expect(scope.getByRole('list', { name: caption, exact: true })).toHaveCount(0);
  return table;
}

/** Chooses `option` in the select (react-aria) labelled `label` inside `scope`. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Sorts by `column`: on the desktop a click on its header button (its `aria-sort` then says `direction`); on the
 * phone, where the cards have no headers, `onPhone` (the screen's own sort select) or else the list's "sort by" select.
 */
async function sortBy(
  scope: Page | Locator,
  { t, mobile }: { t: Translate; mobile: boolean },
  column: string,
  direction: 'ascending' | 'descending',
  onPhone?: () => Promise<void>,
): Promise<void> {
  if (mobile && onPhone) return onPhone();
  if (mobile) {
    await scope
      .getByLabel(t('common:table.sortBy'))
      .selectOption({ label: `${column} · ${t(`common:table.${direction}`)}` });
    return;
  }
  const header = scope.getByRole('columnheader', { name: column });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', direction);
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs('owner');
});

test('clients, users and sites show a table on the desktop and cards on the phone, and sort', async ({ page }) => {
  const run = language();
  const { lang, t, mobile } = run;

  await page.goto(inLang('/clients', lang));
  await expectRows(page, t('clients:list.label'), mobile);
  // by name, A to Z by default: the other way round
  await sortBy(page, run, t('clients:list.name'), 'descending', () =>
    choose(page, page, t('clients:filters.order'), t('clients:filters.orderNameDesc')),
  );
  await expect(page).toHaveURL(/[?&]order=name_desc/);
  await expectRows(page, t('clients:list.label'), mobile);
  await expectNoSeriousA11yViolations(page, 'Clients sorted by name, Z to A');
  await screenshot(page, 'lists-01-clients');

  await page.goto(inLang('/users', lang));
  await expectRows(page, t('users:list.label'), mobile);
  await expectNoSeriousA11yViolations(page, 'Users');
  await screenshot(page, 'lists-02-users');

  await page.goto(inLang('/sites', lang));
  const others = page.getByRole('region', { name: new RegExp(`^${escapeRegExp(t('sites:list.otherSites'))}`) });
  await expectRows(others, t('sites:list.otherSites'), mobile);
  await sortBy(others, run, t('sites:columns.updatedAt'), 'descending', async () => {
    // the sort is among the filters, folded on a phone
    await page.getByRole('button', { name: t('sites:filters.more') }).click();
    await choose(page, page, t('sites:filters.sort'), t('sites:sort.updated_at_desc'));
  });
  await expect(page).toHaveURL(/[?&]order=updated_at_desc/);
  await expectRows(others, t('sites:list.otherSites'), mobile);
  await expectNoSeriousA11yViolations(page, 'Sites sorted by last update');
  await screenshot(page, 'lists-03-sites');
});

test("a site's equipment and logs are lists too, and the equipment filter survives a trip to another screen", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const run = language();
  const { lang, t, mobile } = run;

  // a site of the space with equipment in alert (the demo colony), so that its alert log has entries
  const answer = await page.request.get('/api/equipment?itemsPerPage=100', { headers: WEBAPP });
  expect(answer.ok()).toBe(true);
  const items = (await answer.json())['hydra:member'] as { site_ulid: string; alerts: unknown[] }[];
  const siteUlid = items.find((item) => item.alerts.length > 0)?.site_ulid ?? items[0]?.site_ulid;
  expect(siteUlid, 'a demo site with equipment').toBeTruthy();

  // the site's name from the API: the page's heading says 'Site' until the site has loaded
  const site = await page.request.get(`/api/sites/${siteUlid}`, { headers: WEBAPP });
  expect(site.ok()).toBe(true);
  const siteName = ((await site.json()) as { name: string }).name;
  await page.goto(inLang(`/sites/${siteUlid}`, lang));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(siteName);
  const equipment = page
    .getByRole('heading', { level: 2, name: new RegExp(`^${escapeRegExp(t('equipment:section.title'))}`) })
    .locator('xpath=ancestor::section[1]');
  const caption = t('equipment:list.caption');
  await expectRows(equipment, caption, mobile);
  await sortBy(equipment, run, t('equipment:columns.battery'), 'ascending');
  await expect(page).toHaveURL(/[?&]equipment_order=battery_asc/);

  // only the in-ground stations
  await equipment.getByRole('button', { name: t('equipment:filters.kind') }).click();
  await page.getByRole('option', { name: t('enums:equipment_kind.igs'), exact: true }).click();
  await expect(page).toHaveURL(/[?&]equipment_kind=igs/);
  const rows = equipment.locator(mobile ? 'article' : 'tbody tr[data-row-key]');
  await expect(rows.first()).toContainText(/IGS-\d+/);
  await expect(rows.filter({ hasNotText: /IGS-\d+/ })).toHaveCount(0);
  const shown = await rows.count();
  await expectNoSeriousA11yViolations(page, 'Site equipment filtered and sorted');
  await screenshot(page, 'lists-04-site-equipment');

  // the logs of the site: its alerts, then its uplinks
  await page.getByRole('link', { name: t('alerts:log.seeLogs') }).click();
  await expect(page).toHaveURL(new RegExp(`/site_logs/${siteUlid}`));
  await expectRows(page, t('alerts:log.caption'), mobile);
  await expectNoSeriousA11yViolations(page, 'Site alert log');
  await screenshot(page, 'lists-05-site-alert-log');
  await page.getByRole('tab', { name: t('alerts:page.sync') }).click();
  await expectRows(page, t('alerts:sync.caption'), mobile);
  await expectNoSeriousA11yViolations(page, 'Site synchronisation log');
  await screenshot(page, 'lists-06-site-sync-log');

  // another screen, then the site again from the Sites list, by its link (no parameter): the filter is still there
  await page.goto(inLang(`/sites?name=${encodeURIComponent(siteName)}`, lang));
  await page.locator(`a[href="/sites/${siteUlid}"]`).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/sites/${siteUlid}\\?.*equipment_kind=igs`));
  await expect(page).toHaveURL(/[?&]equipment_order=battery_asc/);
  await expect(rows.first()).toContainText(/IGS-\d+/);
  await expect(rows).toHaveCount(shown);
  await expect(equipment.getByRole('button', { name: t('equipment:filters.kind') })).toContainText(
    t('enums:equipment_kind.igs'),
  );
});
