/**
 * Issue 15 "Automatic reports" acceptance: the monthly automatic report of a demo site (seeded for last month) is in
 * the reports to process — on Home and in `/reports` — and opens as a PDF; the PCO's schedule card in the space
 * settings and the site's own schedule on its detail. Desktop in French, mobile in Japanese; axe finds no serious or
 * critical violation on the report panel, the settings and the site section.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, translator } from '../fixtures/i18n';

const WEBAPP_HEADERS = { 'Client-Type': 'webapp', 'Accept-Language': 'en' };

interface ListItem {
  ulid: string;
  type: string;
  automatic_kind?: string | null;
  site: { ulid: string; name: string };
  client: { name: string };
}

function run() {
  const mobile = test.info().project.name === 'mobile';
  const lang: Lang = mobile ? 'ja' : 'fr';
  return { mobile, lang, t: translator(lang) };
}

async function open(page: Page, path: string, lang: Lang): Promise<void> {
  const url = new URL(path, 'http://placeholder');
  url.searchParams.set('lang', lang);
  await page.goto(`${url.pathname}${url.search}`);
}

/** The demo's monthly automatic report, found through the API as the signed-in account sees it. */
async function automaticReport(page: Page): Promise<ListItem> {
  const response = await page.request.get('/api/reports?status=to_process&type=TYPE_AUTOMATIC_REPORT', {
    headers: WEBAPP_HEADERS,
  });
  expect(response.status()).toBe(200);
  const items = ((await response.json()) as { 'hydra:member': ListItem[] })['hydra:member'];
  const report = items.find((item) => item.automatic_kind === 'periodic');
  expect(report, 'the demo has a monthly automatic report to process').toBeTruthy();
  return report as ListItem;
}

test('the monthly automatic report of a demo site is to process and opens as a PDF', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const { t, lang } = run();
  await loginAs('manager');
  const report = await automaticReport(page);

  await open(page, '/home', lang);
  const card = page
    .getByRole('heading', { level: 2, name: t('home:toProcess.title') })
    .locator('xpath=ancestor::section[1]');
  await expect(card.locator(`[href*="report=${report.ulid}"]`)).toBeVisible();

  await open(page, `/reports?report=${report.ulid}`, lang);
  const panel = page.getByRole('dialog', { name: report.site.name });
  await expect(panel.getByText(t('enums:report_type.TYPE_AUTOMATIC_REPORT')).first()).toBeVisible();
  await expect(panel.getByText(t('reports:pdf.auto.kind.periodic'))).toBeVisible();
  await expect(panel.getByText(t('reports:automatic.inPdf'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'automatic report panel');
  await screenshot(page, 'automatic-report-panel', { fullPage: false });

  const link = panel.getByRole('link', { name: t('reports:screen.actions.downloadDraft') });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toContain(`/api/reports/${report.ulid}/pdf`);
  const pdf = await page.request.get(href as string, { headers: WEBAPP_HEADERS });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(20_000);
});

test('the owner sets the PCO’s schedule; a site keeps the PCO’s or its own', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const { t, lang, mobile } = run();
  await loginAs('owner');
  const report = await automaticReport(page);

  await open(page, '/space-parameters', lang);
  const card = page.getByRole('heading', { name: t('reports:automatic.title') }).locator('xpath=ancestor::section[1]');
  await expect(card.getByText(t('reports:automatic.description'))).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'space settings with the automatic reports card');
  await screenshot(page, 'automatic-reports-settings');

  // the demo site of the report has its own monthly schedule
  await open(page, `/sites/${report.site.ulid}`, lang);
  const section = page
    .getByRole('heading', { name: t('reports:automatic.title') })
    .locator('xpath=ancestor::section[1]');
  await expect(section.getByRole('radio', { name: t('reports:automatic.useOwn') })).toBeChecked();
  await expect(section.getByText(t('reports:automatic.frequency'))).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'site automatic reports section');
  await screenshot(page, `automatic-reports-site${mobile ? '' : ''}`, { fullPage: false });
});
