/**
 * Issue 12 acceptance, the PCO's daily loop (SPEC §2.7 "Reports", "Overview/home"; docs/decisions/010, 011): through
 * the technician API a technician checks in, records a station and completes a visit (replayed once, as a phone out
 * of coverage would); the manager sees it in Home's to-process list, opens it in `/reports`, fixes a recommendation,
 * sends it to the client's primary contact; the customer's mail carries the PDF; the report is in the history with
 * its sent date; a second report is closed without sending, with a reason. Desktop runs in French and mobile in
 * Japanese; both share one server, so each completes its own visit and discards its own seeded report. axe finds no
 * serious or critical violation on the list, the report panel and the dialogs.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, type Translate, translator } from '../fixtures/i18n';
import { waitForMail } from '../fixtures/mailbox';

test.describe.configure({ mode: 'serial' });

const FIELD = '/api/field/v1';
const WEBAPP_HEADERS = { 'Client-Type': 'webapp', 'Accept-Language': 'en' };

interface FieldIntervention {
  ulid: string;
  start_at: string;
  status: string;
  report_ulid: string | null;
  client: { ulid: string; name: string };
  site: { ulid: string; name: string };
}

interface RunState {
  lang: Lang;
  t: Translate;
  mobile: boolean;
  /** The visit the technician completed and its report. */
  visit?: FieldIntervention;
  reportUlid?: string;
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

/** The completed visit of the first test, failing clearly when it did not get that far. */
function completed(): Required<RunState> {
  const run = current();
  if (!run.visit || !run.reportUlid) throw new Error('the technician did not complete a visit in the first test');
  return run as Required<RunState>;
}

/** Opens `path` in this run's language. */
async function open(page: Page, path: string): Promise<void> {
  const url = new URL(path, 'http://placeholder');
  url.searchParams.set('lang', current().lang);
  await page.goto(`${url.pathname}${url.search}`);
}

/** `YYYY-MM-DD` of `date` in Europe/Paris (the demo PCO's zone) shifted by `days`. */
function parisDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
}

/** A field-API write: bearer token and the idempotency key that makes a replay safe. */
function write(token: string, key: string) {
  return { Authorization: `Bearer ${token}`, 'Idempotency-Key': key };
}

/** Signs the demo technician in on the technician API (device login) and answers the access token. */
async function technicianToken(request: APIRequestContext): Promise<string> {
  const login = await request.post(`${FIELD}/auth/login`, {
    data: { email: DEMO_ACCOUNTS.technician, password: DEMO_PASSWORD, device_name: 'E2E phone' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { access_token: string; token_type: string };
  expect(body.token_type).toBe('Bearer');
  return body.access_token;
}

/** The report panel of the site `siteName` (a dialog titled with the site's name), once open. */
function panel(page: Page, siteName: string): Locator {
  return page.getByRole('dialog', { name: siteName });
}

/** `key`'s text with `{{date}}` as any text, as a regular expression. */
function withAnyDate(t: Translate, key: string): RegExp {
  const [before, after] = t(key, { date: '\u0001' }).split('\u0001') as [string, string];
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${literal(before)}.+${literal(after)}`);
}

test('a technician completes a visit through the technician API, safely replayed', async ({ request }) => {
  const run = current();
  const token = await technicianToken(request);
  const agenda = await request.get(`${FIELD}/agenda?from=${parisDay(0)}&to=${parisDay(21)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(agenda.status(), await agenda.text()).toBe(200);
  const { interventions } = (await agenda.json()) as { interventions: FieldIntervention[] };
  const open = interventions.filter((i) => !i.report_ulid && i.status !== 'completed');
  // each project takes its own visit: both share one server
  const visit = open[run.mobile ? 1 : 0];
  expect(visit, `the technician has at least two visits to do in the next three weeks (${open.length})`).toBeTruthy();
  run.visit = visit as FieldIntervention;
  const at = `interventions/${run.visit.ulid}`;

  const checkIn = await request.post(`${FIELD}/${at}/check-in`, {
    headers: write(token, `${run.visit.ulid}-in`),
    data: { position: { lat: 44.84, lng: -0.58, accuracy: 12 } },
  });
  expect(checkIn.status(), await checkIn.text()).toBeLessThan(300);

  const site = await request.get(`${FIELD}/sites/${run.visit.site.ulid}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(site.status(), await site.text()).toBe(200);
  const { stations } = (await site.json()) as { stations: { ulid: string }[] };
  if (stations[0]) {
    const check = await request.put(`${FIELD}/${at}/station-checks/${stations[0].ulid}`, {
      headers: write(token, `${run.visit.ulid}-check-1`),
      data: { result: 'activity', action: 'bait_replaced', bait_consumed: 'third', note: 'Galeries fraîches' },
    });
    expect(check.status(), await check.text()).toBe(200);
  }

  const completion = {
    headers: write(token, `${run.visit.ulid}-complete`),
    data: {
      summary: 'Stations relevées ; activité dans la première station, appât remplacé.',
      recommendations: 'Rappeler le client',
      customer_absent: true,
    },
  };
  const done = await request.post(`${FIELD}/${at}/complete`, completion);
  expect(done.status(), await done.text()).toBe(200);
  const answer = (await done.json()) as { report_ulid: string; status: string };
  expect(answer.status).toBe('to_process');
  // the phone lost the answer and sends the same write again: the same answer, nothing done twice
  const replay = await request.post(`${FIELD}/${at}/complete`, completion);
  expect(replay.status()).toBe(200);
  expect(replay.headers()['idempotent-replayed']).toBe('true');
  expect(((await replay.json()) as { report_ulid: string }).report_ulid).toBe(answer.report_ulid);
  run.reportUlid = answer.report_ulid;
});

test('the manager finds it on Home, fixes a recommendation and sends it; the customer gets the PDF', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const { t, mobile, visit, reportUlid } = completed();
  await loginAs('manager');
  await open(page, '/home');
  const card = page
    .getByRole('heading', { level: 2, name: t('home:toProcess.title') })
    .locator('xpath=ancestor::section[1]');
  // the site may have another report to process (the demo's visit of yesterday): the row of this visit's report
  const row = card
    .getByRole('link', { name: new RegExp(`${visit.client.name} — ${visit.site.name}`) })
    .and(page.locator(`[href*="report=${reportUlid}"]`));
  await expect(row).toBeVisible();
  await screenshot(page, 'home-reports-to-process');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/reports\\?.*report=${reportUlid}`));

  const report = panel(page, visit.site.name);
  await expect(report.getByText('Rappeler le client')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'report panel');
  await screenshot(page, 'report-panel', { fullPage: false });

  await report.getByRole('button', { name: t('reports:screen.actions.edit') }).click();
  const recommendations = page.getByLabel(t('reports:pdf.recommendations'));
  await recommendations.fill('Rappeler le client dans un mois et dégager le bois stocké contre la façade.');
  await page.getByRole('button', { name: t('common:actions.save') }).click();
  await expect(page.getByText(t('reports:screen.notify.saved'))).toBeVisible();
  await expect(report.getByText(/dégager le bois stocké contre la façade/)).toBeVisible();

  const sentFrom = Date.now();
  await report.getByRole('button', { name: t('reports:screen.actions.send') }).click();
  const dialog = page.getByRole('dialog', { name: t('reports:screen.send.title') });
  const recipients = dialog.getByRole('list', { name: t('reports:screen.send.recipientList') });
  await expect(recipients.getByRole('listitem')).toHaveCount(1);
  const recipient = ((await recipients.getByRole('listitem').first().textContent()) ?? '').trim();
  expect(recipient).toMatch(/@/);
  await expectNoSeriousA11yViolations(page, 'send dialog');
  await dialog.getByRole('button', { name: t('reports:screen.send.confirm'), exact: true }).click();
  await expect(page.getByText(t('reports:screen.notify.sent'))).toBeVisible();

  const stored = await page.request.get(`/api/reports/${reportUlid}`, { headers: WEBAPP_HEADERS });
  const sent = (await stored.json()) as {
    status: string;
    recommendations: string;
    deliveries: { recipients: string[] }[];
  };
  expect(sent.status).toBe('sent');
  expect(sent.recommendations).toContain('dégager le bois');
  const to = sent.deliveries[0]?.recipients[0] as string;
  expect(recipient).toContain(to);
  const mail = await waitForMail(to, { template: 'visit_report', since: sentFrom, timeout: 30_000 });
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
  expect(pdf?.filename).toMatch(/\.pdf$/);
  expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');

  // the history shows it with its sent date (the column of wide screens; a phone shows it in the panel)
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await page.getByRole('tab', { name: new RegExp(t('reports:screen.tabs.history')) }).click();
  const historyRow = page.getByRole('row').filter({ hasText: visit.site.name }).first();
  await expect(historyRow).toBeVisible();
  if (!mobile) await expect(historyRow).toContainText(withAnyDate(t, 'reports:screen.list.sentOn'));
  await expectNoSeriousA11yViolations(page, 'reports history');
  await screenshot(page, 'reports-history');
});

test('the manager closes another report without sending, giving a reason', async ({ page, loginAs }) => {
  const { t, mobile, reportUlid } = completed();
  await loginAs('manager');
  await open(page, '/reports');
  const list = (
    await page.request.get('/api/reports?status=to_process&itemsPerPage=30', { headers: WEBAPP_HEADERS })
  ).json() as Promise<{ 'hydra:member': { ulid: string; type: string; site: { name: string } }[] }>;
  // each project closes its own seeded visit report: desktop the oldest, mobile the next (the demo's automatic
  // report is automatic-reports.spec's)
  const others = (await list)['hydra:member'].filter(
    (r) => r.ulid !== reportUlid && r.type !== 'TYPE_AUTOMATIC_REPORT',
  );
  const target = others[mobile ? 1 : 0];
  expect(target, 'a seeded report to process').toBeTruthy();
  await open(page, `/reports?report=${target?.ulid}`);
  const report = panel(page, target?.site.name as string);
  await report.getByRole('button', { name: t('reports:screen.actions.discard') }).click();
  const dialog = page.getByRole('alertdialog', { name: t('reports:screen.discard.title') });
  // the reason is required: no closing without one
  const confirm = dialog.getByRole('button', { name: t('reports:screen.discard.confirm') });
  await confirm.click();
  await expect(dialog.getByText(t('errors:reason_required'))).toBeVisible();
  await dialog.getByLabel(t('reports:screen.discard.reason')).fill('Doublon du rapport papier');
  await expectNoSeriousA11yViolations(page, 'discard dialog');
  await screenshot(page, 'report-discard-dialog', { fullPage: false });
  await confirm.click();
  await expect(page.getByText(t('reports:screen.notify.discarded'))).toBeVisible();
  const stored = (await (
    await page.request.get(`/api/reports/${target?.ulid}`, { headers: WEBAPP_HEADERS })
  ).json()) as { status: string; discard_reason: string };
  expect(stored).toMatchObject({ status: 'discarded', discard_reason: 'Doublon du rapport papier' });
});
