/**
 * Issue 14 "Remaining routes and calls", in Chromium at the desktop and mobile sizes, against a real SMTP server: an
 * owner e-mails the manager a one-time sign-in link that opens the session, and the same link used again lands on
 * the expired-link page naming the PCO; `/test` opens for the super admin and answers 403 to an owner; the FAQ is
 * reached from the about menu; the login page links to the terms and the privacy policy. axe finds no serious or
 * critical violation on these screens.
 */
import { DEMO_ACCOUNTS, expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { translator } from '../fixtures/i18n';
import { linkIn, waitForMail } from '../fixtures/mailbox';

const t = translator('en');
const HEADERS = { 'Client-Type': 'webapp', 'Accept-Language': 'en' };

test.describe.configure({ mode: 'serial' });

test('a one-time sign-in link opens the session once, then lands on the expired-link page naming the PCO', async ({
  page,
  loginAs,
  browser,
}) => {
  await loginAs('owner');
  const found = await page.request.get(`/api/user_pcos?search=${encodeURIComponent(DEMO_ACCOUNTS.manager)}`, {
    headers: HEADERS,
  });
  const manager = ((await found.json())['hydra:member'] as { ulid: string; email: string }[]).find(
    (m) => m.email === DEMO_ACCOUNTS.manager,
  );
  expect(manager, 'the manager is a member of the owner’s PCO').toBeTruthy();
  const me = await (await page.request.get('/api/me', { headers: HEADERS })).json();
  const pcoName = (me as { pco: { name: string } }).pco.name;

  const sentAt = Date.now();
  const sent = await page.request.post(`/api/user_pcos/${manager?.ulid}/easy-connect`, { headers: HEADERS });
  expect(sent.status(), await sent.text()).toBe(204);
  const link = linkIn(
    await waitForMail(DEMO_ACCOUNTS.manager, { template: 'easy_connect', since: sentAt }),
    '/easy-connect',
  );
  const path = `${new URL(link).pathname}${new URL(link).search}&lang=en`;

  // a browser without any session: the link alone signs the manager in
  const fresh = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const visitor = await fresh.newPage();
  await visitor.goto(path);
  await expect(visitor).toHaveURL(/\/home$/);
  await fresh.close();

  const again = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const late = await again.newPage();
  await late.goto(path);
  await expect(late).toHaveURL(/\/token-expires\?pco_name=/);
  await expect(late.getByRole('heading', { level: 1, name: t('auth:expired.title') })).toBeVisible();
  await expect(late.getByText(pcoName, { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(late, 'expired sign-in link');
  await again.close();
});

test('/test shows the component test page to the super admin', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/test?lang=ja');
  const ja = translator('ja');
  await expect(page.getByRole('heading', { level: 1, name: ja('componentTest:title') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'primary', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'component test page');
  await screenshot(page, 'remaining-routes-test-page-ja');
});

test('/test answers 403 to an owner', async ({ page, loginAs }) => {
  await loginAs('owner');
  await page.goto('/test?lang=en');
  await expect(page).toHaveURL(/\/error\/403$/);
});

test('the FAQ opens from the about menu, and the login page links to the terms and the privacy policy', async ({
  page,
  loginAs,
}) => {
  await loginAs('owner');
  await page.goto('/home?lang=en');
  await page.getByRole('button', { name: t('layout:about.label') }).click();
  await page.getByRole('menuitem', { name: t('layout:about.faq') }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: t('legal:faq.title') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'FAQ');

  await page.context().clearCookies();
  await page.goto('/login?lang=en');
  const legal = page.getByRole('navigation', { name: t('auth:login.legal') });
  await expect(legal.getByRole('link', { name: t('auth:login.terms') })).toHaveAttribute('href', '/cgu');
  await legal.getByRole('link', { name: t('auth:login.privacy') }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});
