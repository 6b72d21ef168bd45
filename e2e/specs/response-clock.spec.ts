/**
 * Issue 15 acceptance, "Alert → visit on a response clock" (docs/decisions/019): the gateway simulator raises a colony
 * on a quiet demo site (two stations of strong termite activity, `npm run simulate -- --once --termite <serial>`);
 * Home shows it among the alerts waiting for a visit, with its running clock and the control visit proposed to the
 * site's referent; "Plan it" opens the intervention panel pre-filled and saving plans the visit (linked to the alert);
 * the technician checks in through the technician API; the clock stops: Home no longer lists the alert and the site's
 * alert log shows its response time. Desktop runs in French and mobile in Japanese; both share one server, so each
 * takes its own quiet site; the demo technician joins the planned visit to check in. axe finds no serious or critical violation.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, type Translate, translator } from '../fixtures/i18n';

test.describe.configure({ mode: 'serial' });

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const SIMULATOR = 'apps/server/src/simulate/simulate.ts';
const FIELD = '/api/field/v1';
const WEBAPP = { 'Client-Type': 'webapp' };

interface RunState {
  lang: Lang;
  t: Translate;
  mobile: boolean;
  token?: string;
  site?: { ulid: string; name: string };
  colonyUlid?: string;
  interventionUlid?: string;
}
const runs = new Map<string, RunState>();

/** This project's run: desktop in French, mobile in Japanese. */
function current(): RunState {
  const project = test.info().project.name;
  if (!runs.has(project)) {
    const mobile = project === 'mobile';
    const lang: Lang = mobile ? 'ja' : 'fr';
    runs.set(project, { lang, t: translator(lang), mobile });
  }
  return runs.get(project) as RunState;
}

function known(): Required<RunState> {
  const run = current();
  if (!run.site || !run.colonyUlid || !run.token) throw new Error('the colony of the first test was not raised');
  return run as Required<RunState>;
}

async function open(page: Page, path: string): Promise<void> {
  const url = new URL(path, 'http://placeholder');
  url.searchParams.set('lang', current().lang);
  await page.goto(`${url.pathname}${url.search}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `key`'s text with `{{duration}}` as any text, as a regular expression. */
function withAnyDuration(t: Translate, key: string): RegExp {
  const [before, after] = t(key, { duration: '\u0001' }).split('\u0001') as [string, string];
  return new RegExp(`${escapeRegExp(before)}.+${escapeRegExp(after)}`);
}

/** The card (a `section` under an h2) titled `title`. */
function card(page: Page, title: string): Locator {
  return page
    .getByRole('heading', { level: 2, name: new RegExp(`^${escapeRegExp(title)}`) })
    .locator('xpath=ancestor::section[1]');
}

/** One strong termite reading on station `serial` through the gateway simulator. */
async function termiteReading(serial: string, baseUrl: string): Promise<void> {
  const { stdout } = await promisify(execFile)(TSX, [SIMULATOR, '--once', '--termite', serial, '--url', baseUrl], {
    cwd: REPO_ROOT,
    timeout: 60_000,
  }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`the simulator failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  });
  expect(stdout, 'the server accepted the reading').toMatch(/accepted 1, duplicates 0, rejected 0/);
}

/** The demo technician on the technician API: an access token and their membership. */
async function technician(request: APIRequestContext): Promise<{ token: string; membership: string }> {
  const login = await request.post(`${FIELD}/auth/login`, {
    data: { email: DEMO_ACCOUNTS.technician, password: DEMO_PASSWORD, device_name: 'E2E phone' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { access_token: string; user: { ulid: string } };
  return { token: body.access_token, membership: body.user.ulid };
}

test('the simulator raises a colony; Home shows its clock and the proposed visit, which the manager plans', async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = current();
  const { t } = run;
  await loginAs('owner');
  const tech = await technician(page.request);
  run.token = tech.token;

  // a quiet site in operation with a referent and two stations: one per project
  const listed = await page.request.get('/api/sites?status=STATUS_IN_OPERATION&itemsPerPage=100', { headers: WEBAPP });
  expect(listed.status(), await listed.text()).toBe(200);
  // the page's sites not in alert (`other_sites`)
  type Listed = { ulid: string; name: string; priority_sum: number; referent: { ulid: string } | null };
  const sites = ((await listed.json()) as { other_sites: Listed[] }).other_sites
    .filter((s) => s.priority_sum === 0 && s.referent !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
  const candidates: { ulid: string; name: string; serials: string[] }[] = [];
  for (const site of sites) {
    const answer = await page.request.get(`/api/sites/${site.ulid}/equipment`, { headers: WEBAPP });
    const items = ((await answer.json()) as { 'hydra:member': { kind: string; serial_number: string }[] })[
      'hydra:member'
    ];
    const serials = items.filter((e) => e.kind !== 'gateway').map((e) => e.serial_number);
    if (serials.length >= 2) candidates.push({ ulid: site.ulid, name: site.name, serials });
    if (candidates.length === 2) break;
  }
  const chosen = candidates[run.mobile ? 1 : 0];
  expect(chosen, 'two quiet sites with a referent and two stations').toBeTruthy();
  if (!chosen) return;
  run.site = { ulid: chosen.ulid, name: chosen.name };

  // two stations in termite alert: a colony
  await termiteReading(chosen.serials[0] as string, baseURL ?? 'http://127.0.0.1:3100');
  await termiteReading(chosen.serials[1] as string, baseURL ?? 'http://127.0.0.1:3100');
  const clocks = await page.request.get('/api/alert_clocks', { headers: WEBAPP });
  type Clock = {
    ulid: string;
    type: string;
    site: { ulid: string };
    proposal: { referent: { firstname: string; lastname: string } | null } | null;
  };
  const colony = ((await clocks.json()) as { 'hydra:member': Clock[] })['hydra:member'].find(
    (c) => c.site.ulid === chosen.ulid && c.type === 'TYPE_COLONY_DETECTED',
  );
  expect(colony, 'the colony is on the running clocks').toBeTruthy();
  run.colonyUlid = colony?.ulid;

  // Home: the colony waits for a visit, its clock running (72 h target: green), a visit proposed
  await open(page, '/home');
  const section = card(page, t('alerts:clocks.title'));
  await expect(section).toBeVisible({ timeout: 15_000 });
  const row = section.getByRole('listitem').filter({ has: page.getByRole('link', { name: chosen.name, exact: true }) });
  const colonyRow = row.filter({ hasText: t('enums:alert_type.TYPE_COLONY_DETECTED') });
  await expect(colonyRow).toHaveCount(1);
  await expect(colonyRow).toContainText(withAnyDuration(t, 'alerts:clock.left'));
  const plan = colonyRow.getByRole('button', { name: t('alerts:proposal.accept') });
  await expect(plan).toBeVisible();
  await colonyRow.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'Home with an alert waiting for a visit');
  await screenshot(page, 'response-clock-01-home');

  // "Plan it": the panel opens pre-filled (site, control visit, referent, slot); saving plans it linked to the alert
  await plan.click();
  const panel = page.getByRole('dialog', { name: t('interventions:panel.newTitle') });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('radio', { name: t('enums:intervention_type.TYPE_CONTROL_VISIT') })).toBeChecked();
  if (colony?.proposal?.referent) {
    const { firstname, lastname } = colony.proposal.referent;
    await expect(panel.getByText(`${firstname} ${lastname}`).first()).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'Intervention panel pre-filled from a proposed visit');
  await screenshot(page, 'response-clock-02-panel', { fullPage: false });
  const accepted = page.waitForResponse(
    (r) => r.url().endsWith(`/api/alerts/${run.colonyUlid}/visit_proposal/accept`) && r.request().method() === 'POST',
  );
  await panel.getByRole('button', { name: t('interventions:actions.save') }).click();
  const answer = await accepted;
  expect(answer.status(), await answer.text()).toBe(201);
  const planned = (await answer.json()) as { ulid: string; interveners: { '@id': string }[] };
  run.interventionUlid = planned.ulid;
  // the demo technician joins the referent on the visit (to check in from the technician API)
  const joined = await page.request.patch(`/api/interventions/${planned.ulid}`, {
    headers: { ...WEBAPP, 'Content-Type': 'application/merge-patch+json' },
    data: {
      interveners: [...new Set([...planned.interveners.map((i) => i['@id']), `/api/user_pcos/${tech.membership}`])],
      send_mail: false,
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  await expect(panel).toBeHidden();
  // planned: the clock still runs, no visit proposed any more
  await expect(colonyRow).toContainText(withAnyDuration(t, 'alerts:clock.left'));
  await expect(colonyRow.getByRole('button', { name: t('alerts:proposal.accept') })).toHaveCount(0);
});

test('the technician checks in through the technician API: the clock stops and the response time shows', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const run = known();
  const { t } = run;
  const checkIn = await page.request.post(`${FIELD}/interventions/${run.interventionUlid}/check-in`, {
    headers: { Authorization: `Bearer ${run.token}`, 'Idempotency-Key': `${run.interventionUlid}-in` },
    data: { position: { lat: 44.84, lng: -0.58, accuracy: 10 } },
  });
  expect(checkIn.status(), await checkIn.text()).toBe(200);

  await loginAs('owner');
  await open(page, '/home');
  const section = card(page, t('alerts:clocks.title'));
  await expect(section).toBeVisible({ timeout: 15_000 });
  await expect(
    section
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: run.site.name, exact: true }) })
      .filter({ hasText: t('enums:alert_type.TYPE_COLONY_DETECTED') }),
  ).toHaveCount(0);

  await open(page, `/site_logs/${run.site.ulid}`);
  const log = card(page, t('alerts:log.title'));
  // the log is a table on a wide screen, cards on a phone (shared data table)
  const colonyRow = log
    .locator(test.info().project.name === 'mobile' ? 'article' : 'tbody tr')
    .filter({ hasText: t('enums:alert_type.TYPE_COLONY_DETECTED') })
    .first();
  await expect(colonyRow).toContainText(withAnyDuration(t, 'alerts:clock.responded'));
  await expectNoSeriousA11yViolations(page, 'Alert log with the response time');
  await screenshot(page, 'response-clock-03-site-log');
});
