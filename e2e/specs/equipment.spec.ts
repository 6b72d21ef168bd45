/**
 * Issue 5 acceptance (SPEC §2.7 "Sites": list of alert sites, detail with equipment, readings and alert log, the
 * `/site_logs/{siteUlid}` page; §3 alert types): the gateway simulator (`npm run simulate -- --once --termite`) sends a
 * reading of strong termite activity; the Sites list, open in the browser, shows the site in alert at once (server-sent
 * events, no reload); the site detail shows the station with its alert badge, the station's readings chart and the
 * termite alert in the alert log; acknowledging it closes it and the site leaves the alert sites; the site logs page
 * shows the alert log and, in the synchronisation log, the simulator's uplink. Desktop runs in English and mobile in
 * French; both projects share one server, so each targets its own quiet demo site. axe finds no serious or critical
 * violation on any of these screens.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, type Translate, translator } from '../fixtures/i18n';

test.describe.configure({ mode: 'serial' });

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const SIMULATOR = 'apps/server/src/simulate/simulate.ts';
/** The owner demo account's name (apps/server/src/db/seed/demo-people.ts): the alert log names who acknowledged. */
const OWNER_NAME = 'Sophie Durand';

interface RunState {
  lang: Lang;
  t: Translate;
  mobile: boolean;
  /** A demo site of the first PCO with a gateway and stations and no open alert (README "Demo equipment"). */
  siteName: string;
  /** Known once the Sites list shows it. */
  siteUlid?: string;
  /** The station the simulator's termite reading went to: its serial number and reference. */
  station?: { serial: string; reference: string };
}
const runs = new Map<string, RunState>();

/** This project's run: desktop in English on one quiet site, mobile in French on another (one server for both). */
function current(): RunState {
  const project = test.info().project.name;
  if (!runs.has(project)) {
    const mobile = project === 'mobile';
    const lang: Lang = mobile ? 'fr' : 'en';
    runs.set(project, {
      lang,
      t: translator(lang),
      mobile,
      siteName: mobile ? 'Villa La Teste-de-Buch' : 'Villa Pessac',
    });
  }
  return runs.get(project) as RunState;
}

/** The state a later test of the run needs, failing clearly when an earlier step did not get that far. */
function known(): Required<RunState> {
  const run = current();
  if (!run.siteUlid || !run.station) throw new Error('the termite reading of the first test was not sent');
  return run as Required<RunState>;
}

/** Opens `path` in this run's language (the stored language of the account would apply otherwise). */
async function open(page: Page, path: string): Promise<void> {
  const url = new URL(path, 'http://placeholder');
  url.searchParams.set('lang', current().lang);
  await page.goto(`${url.pathname}${url.search}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The card (a `section` under an h2) titled `title`, with or without the count badge after the title. */
function card(page: Page, title: string): Locator {
  return page
    .getByRole('heading', { level: 2, name: new RegExp(`^${escapeRegExp(title)}(\\s*\\d+)?$`) })
    .locator('xpath=ancestor::section[1]');
}

/** The first of the elements `locator` finds that is shown (lists render a table on wide screens, cards on narrow). */
function visible(locator: Locator): Locator {
  return locator.filter({ visible: true }).first();
}

/** The link to the site `ulid` in a Sites list section, as shown at this width. */
function siteLink(section: Locator, ulid: string): Locator {
  return section.locator(`a[href="/sites/${ulid}"]`).filter({ visible: true });
}

/** The two sections of the Sites screen. */
function sitesSections(page: Page): { inAlert: Locator; others: Locator } {
  const { t } = current();
  return {
    inAlert: page.getByRole('region', { name: t('sites:list.inAlert') }),
    others: page.getByRole('region', { name: t('sites:list.otherSites') }),
  };
}

/**
 * Runs the gateway simulator against the E2E server: one reading of strong termite activity on the first station of
 * the site named `siteName` (`npm run simulate -- --once --termite <site>`). Fails unless it exits with 0 (the server
 * accepted the reading); answers the site ULID and the station serial number it printed.
 */
async function sendTermiteReading(siteName: string, baseUrl: string): Promise<{ siteUlid: string; serial: string }> {
  const { stdout } = await promisify(execFile)(TSX, [SIMULATOR, '--once', '--termite', siteName, '--url', baseUrl], {
    cwd: REPO_ROOT,
    timeout: 60_000,
  }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`the simulator failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  });
  const printed = /termite reading on site «(.+?)» \((\w{26})\), station (\S+)/.exec(stdout);
  if (!printed) throw new Error(`unexpected simulator output:\n${stdout}`);
  expect(stdout, 'the server accepted the reading').toMatch(/accepted 1, duplicates 0, rejected 0/);
  return { siteUlid: printed[2] as string, serial: printed[3] as string };
}

/**
 * A regular expression for the chart summary (alerts:chart.summary, several readings): the values in `known` must
 * appear as given, the others (dates, signal) are anything.
 */
function summaryPattern(t: Translate, known: Record<string, string>): RegExp {
  const names = ['from', 'to', 'maxActivity', 'lastActivity', 'maxBait', 'lastSignal', 'minSignal'];
  const slot = (name: string) => `\u0001${name}\u0001`;
  const text = t('alerts:chart.summary', { count: 2, ...Object.fromEntries(names.map((n) => [n, slot(n)])) });
  let pattern = escapeRegExp(text).replace(/^\d+/, '\\d+');
  for (const name of names) pattern = pattern.replace(slot(name), known[name] ? escapeRegExp(known[name]) : '.+?');
  return new RegExp(pattern);
}

test('a termite reading from the simulator puts the site in alert on the open Sites list, without a reload', async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const run = current();
  const { t } = run;
  await loginAs('owner');
  // the live stream must be open before the reading is sent: the server does not replay events
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await open(page, `/sites?name=${encodeURIComponent(run.siteName)}`);
  await expect(page.getByRole('heading', { name: t('sites:list.title'), level: 1 })).toBeVisible();
  await streamOpen;

  // the quiet site is among the other sites, not in alert
  const { inAlert, others } = sitesSections(page);
  const listed = visible(others.getByRole('link', { name: run.siteName, exact: true }));
  await expect(listed).toBeVisible();
  const href = await listed.getAttribute('href');
  const siteUlid = href?.split('/').at(-1) ?? '';
  expect(siteUlid).toMatch(/^[0-9A-Z]{26}$/);
  await expect(inAlert).toBeVisible();
  await expect(siteLink(inAlert, siteUlid)).toHaveCount(0);
  await expect(inAlert.getByText(t('sites:list.noAlertMatch'))).toBeVisible();

  // the gateway sends a reading of strong termite activity; the page is not reloaded
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: number }).__e2eMarker = 1;
  });
  const listUrl = page.url();
  const sent = await sendTermiteReading(run.siteName, baseURL ?? 'http://127.0.0.1:3100');
  expect(sent.siteUlid, 'the simulator targeted the site listed').toBe(siteUlid);

  const alertRow = inAlert
    .getByRole('row')
    .or(inAlert.getByRole('listitem'))
    .filter({ has: page.locator(`a[href="/sites/${siteUlid}"]`) });
  await expect(siteLink(inAlert, siteUlid)).toBeVisible({ timeout: 15_000 });
  await expect(visible(alertRow)).toContainText(t('enums:alert_type.TYPE_TERMITE_ALERT'));
  await expect(siteLink(others, siteUlid)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker)).toBe(1);
  expect(page.url()).toBe(listUrl);

  await expectNoSeriousA11yViolations(page, 'Sites list with a site in alert');
  await screenshot(page, 'equipment-01-sites-in-alert');

  // the station the reading went to, as the site's equipment list names it
  const answer = await page.request.get(`/api/sites/${siteUlid}/equipment`, { headers: { 'Client-Type': 'webapp' } });
  expect(answer.ok()).toBe(true);
  const list = (await answer.json()) as { 'hydra:member': { serial_number: string; reference: string }[] };
  const station = list['hydra:member'].find((e) => e.serial_number === sent.serial);
  expect(station, `station ${sent.serial} on the site`).toBeDefined();
  run.siteUlid = siteUlid;
  run.station = { serial: sent.serial, reference: station?.reference ?? '' };
});

test('the site detail shows the station in alert, its readings and the alert, which the owner acknowledges', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const run = known();
  const { t, station } = run;
  const termite = t('enums:alert_type.TYPE_TERMITE_ALERT');
  await loginAs('owner');
  await open(page, `/sites?name=${encodeURIComponent(run.siteName)}`);
  await siteLink(sitesSections(page).inAlert, run.siteUlid).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${run.siteUlid}`));
  await expect(page.getByRole('heading', { name: run.siteName, level: 1 })).toBeVisible();

  // the equipment list: the station with its termite alert badge
  const equipment = card(page, t('equipment:section.title'));
  const stationRow = visible(
    equipment.getByRole('row').or(equipment.getByRole('listitem')).filter({ hasText: station.serial }),
  );
  await expect(stationRow).toBeVisible();
  await expect(stationRow).toContainText(termite);

  // selecting the station shows its readings: the summary (the reading of activity 80 is the highest and the latest)
  // and the chart drawn on a canvas, with the table as the accessible alternative
  await stationRow.getByRole('button', { name: station.reference, exact: true }).click();
  const chart = card(page, t('alerts:chart.title', { reference: station.reference }));
  await expect(chart).toBeVisible();
  await expect(chart.getByText(summaryPattern(t, { maxActivity: '80', lastActivity: '80' }))).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.getByText(t('alerts:chart.showTable'))).toBeVisible();

  // the alert log: the termite alert of the station, open
  const log = card(page, t('alerts:log.title'));
  // a table row on the desktop, a card on the phone (shared/ui/data-table)
  const alertRow = log
    .getByRole('row')
    .or(log.getByRole('listitem'))
    .filter({ hasText: termite })
    .filter({ hasText: station.reference });
  await expect(alertRow).toHaveCount(1);
  await expect(alertRow).toContainText(t('alerts:log.open'));
  await expect(alertRow).toContainText(t('alerts:details.activityOver', { value: 80, threshold: 30 }));
  await expect(
    log
      .getByRole('row')
      .or(log.getByRole('listitem'))
      .filter({ hasText: t('enums:alert_type.TYPE_COLONY_DETECTED') }),
  ).toHaveCount(0);

  await expectNoSeriousA11yViolations(page, 'Site detail with equipment, readings chart and alert log');
  await screenshot(page, 'equipment-02-site-detail');

  // acknowledge it, after confirmation
  const acknowledge = alertRow.getByRole('button', {
    name: t('alerts:log.acknowledgeLabel', { type: termite, equipment: station.reference }),
  });
  await acknowledge.click();
  const dialog = page.getByRole('alertdialog', { name: t('alerts:log.confirmTitle') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(t('alerts:log.confirmMessage', { type: termite, equipment: station.reference }));
  await expectNoSeriousA11yViolations(page, 'Acknowledge confirmation');
  await screenshot(page, 'equipment-03-acknowledge', { fullPage: false });
  await dialog.getByRole('button', { name: t('alerts:log.acknowledge') }).click();
  await expect(dialog).toBeHidden();

  // the row shows the alert closed, acknowledged by the owner; the station's badge is gone
  await expect(alertRow).toContainText(t('alerts:log.acknowledgedBy', { name: OWNER_NAME }));
  await expect(alertRow).not.toContainText(t('alerts:log.open'));
  await expect(acknowledge).toHaveCount(0);
  await expect(stationRow).not.toContainText(termite);

  // and the site is no longer in alert on the Sites list
  await open(page, `/sites?name=${encodeURIComponent(run.siteName)}`);
  const { inAlert, others } = sitesSections(page);
  await expect(siteLink(others, run.siteUlid)).toBeVisible();
  await expect(siteLink(inAlert, run.siteUlid)).toHaveCount(0);
});

test("the site logs page lists the alert and, in the synchronisation log, the simulator's uplink", async ({
  page,
  loginAs,
}) => {
  test.setTimeout(60_000);
  const run = known();
  const { t, station } = run;
  await loginAs('owner');
  await open(page, `/sites/${run.siteUlid}`);
  await expect(page.getByRole('heading', { name: run.siteName, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: t('alerts:log.seeLogs') }).click();
  await expect(page).toHaveURL(new RegExp(`/site_logs/${run.siteUlid}`));
  await expect(
    page.getByRole('heading', { name: t('alerts:page.title', { name: run.siteName }), level: 1 }),
  ).toBeVisible();

  // the Alerts tab: the acknowledged termite alert
  const tabs = page.getByRole('tablist', { name: t('alerts:page.tabs') });
  await expect(tabs.getByRole('tab', { name: t('alerts:page.alerts') })).toHaveAttribute('aria-selected', 'true');
  const alerts = card(page, t('alerts:log.title'));
  const alertRow = alerts
    .getByRole('row')
    .or(alerts.getByRole('listitem'))
    .filter({ hasText: t('enums:alert_type.TYPE_TERMITE_ALERT') })
    .filter({ hasText: station.reference });
  await expect(alertRow).toHaveCount(1);
  await expect(alertRow).toContainText(t('alerts:log.acknowledgedBy', { name: OWNER_NAME }));
  await expectNoSeriousA11yViolations(page, 'Site logs, alerts');
  await screenshot(page, 'equipment-04-site-logs-alerts');

  // the Synchronisation tab: newest first, the simulator's uplink of one reading, accepted
  await tabs.getByRole('tab', { name: t('alerts:page.sync') }).click();
  await expect(page).toHaveURL(/[?&]tab=sync/);
  const sync = card(page, t('alerts:sync.title'));
  if (run.mobile) {
    // a card per uplink on the phone: the time as its heading, the gateway under it, the counts labelled
    const newest = sync
      .getByRole('list', { name: t('alerts:sync.caption') })
      .getByRole('listitem')
      .first();
    await expect(newest).toContainText(/GW24-\d{4}/);
    const value = (label: string) => newest.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(value(t('alerts:sync.accepted'))).toHaveText('1');
    await expect(value(t('alerts:sync.transport'))).toHaveText('HTTP');
  } else {
    await expect(sync.getByRole('table', { name: t('alerts:sync.caption') })).toBeVisible();
    const newest = sync.getByRole('row').nth(1);
    const cells = newest.getByRole('cell').filter({ visible: true });
    await expect(newest).toContainText(/GW24-\d{4}/);
    // received, gateway, channel, accepted, duplicates, rejected, errors
    await expect(cells.nth(3)).toHaveText('1');
    await expect(cells.nth(2)).toHaveText('HTTP');
    await expect(cells.nth(6)).toHaveText(t('alerts:sync.noError'));
  }
  await expectNoSeriousA11yViolations(page, 'Site logs, synchronisation');
  await screenshot(page, 'equipment-05-site-logs-sync');
});
