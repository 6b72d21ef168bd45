/**
 * Issue 14 "Remaining routes and calls", in Chromium at the desktop and mobile sizes, against a real SMTP server: an
 * owner e-mails the manager a one-time sign-in link from the Users screen (confirmation, then a notification naming
 * the address), the link opens the session, and the same link used again lands on the expired-link page naming the
 * PCO and saying to ask its owner; `/token-expires?pco_name=Acme` names Acme in French and Japanese; `/test` opens for the super admin and answers 403 to an owner; the FAQ is
 * reached from the about menu; the login page links to the terms and the privacy policy. axe finds no serious or
 * critical violation on these screens.
 */
import { DEMO_ACCOUNTS, expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { translator } from '../fixtures/i18n';
import { linkIn, waitForMail } from '../fixtures/mailbox';

const t = translator('en');
const HEADERS = { 'Client-Type': 'webapp', 'Accept-Language': 'en' };

test.describe.configure({ mode: 'serial' });

test('an owner sends a sign-in link from Users: it opens the session once, then the expired-link page names the PCO', async ({
  page,
  loginAs,
  browser,
}) => {
  await loginAs('owner');
  const found = await page.request.get(`/api/user_pcos?search=${encodeURIComponent(DEMO_ACCOUNTS.manager)}`, {
    headers: HEADERS,
  });
  const manager = (
    (await found.json())['hydra:member'] as { ulid: string; email: string; firstname: string; lastname: string }[]
  ).find((m) => m.email === DEMO_ACCOUNTS.manager);
  expect(manager, 'the manager is a member of the owner’s PCO').toBeTruthy();
  const managerName = `${manager?.firstname} ${manager?.lastname}`.trim();
  const me = await (await page.request.get('/api/me', { headers: HEADERS })).json();
  const pcoName = (me as { pco: { name: string } }).pco.name;

  // Users: the member's menu, a confirmation naming the address, then a notification naming it again
  await page.goto('/users?lang=en');
  await page.getByRole('button', { name: t('users:actions.menu', { name: managerName }) }).click();
  await page.getByRole('menuitem', { name: t('users:actions.easyConnect') }).click();
  const confirm = page.getByRole('alertdialog', { name: t('users:confirm.easyConnect.title', { name: managerName }) });
  await expect(confirm).toContainText(DEMO_ACCOUNTS.manager);
  await expectNoSeriousA11yViolations(page, 'send a sign-in link');
  await screenshot(page, 'remaining-routes-send-sign-in-link', { fullPage: false });
  const sentAt = Date.now();
  await confirm.getByRole('button', { name: t('users:confirm.easyConnect.action') }).click();
  await expect(page.getByText(t('users:notifications.easyConnect', { email: DEMO_ACCOUNTS.manager }))).toBeVisible();
  await expect(confirm).toBeHidden();
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
  await expect(late.getByRole('heading', { level: 1, name: t('easyConnect:expired.title') })).toBeVisible();
  await expect(late.getByText(t('easyConnect:expired.askOwner', { name: pcoName }))).toBeVisible();
  await expect(late.getByRole('link', { name: t('auth:expired.requestNew') })).toHaveCount(0);
  await expectNoSeriousA11yViolations(late, 'expired sign-in link');
  await again.close();
});

for (const lang of ['fr', 'ja'] as const) {
  test(`the sign-in link's menu item and confirmation read in ${lang}`, async ({ page, loginAs }) => {
    const tr = translator(lang);
    await loginAs('owner');
    const found = await page.request.get(`/api/user_pcos?search=${encodeURIComponent(DEMO_ACCOUNTS.manager)}`, {
      headers: HEADERS,
    });
    const manager = (
      (await found.json())['hydra:member'] as { email: string; firstname: string; lastname: string }[]
    ).find((m) => m.email === DEMO_ACCOUNTS.manager);
    const name =
      lang === 'ja' ? `${manager?.lastname} ${manager?.firstname}` : `${manager?.firstname} ${manager?.lastname}`;
    await page.goto(`/users?lang=${lang}`);
    await page.getByRole('button', { name: tr('users:actions.menu', { name }) }).click();
    await expect(page.getByRole('menuitem', { name: tr('users:actions.easyConnect') })).toBeVisible();
    await screenshot(page, `remaining-routes-users-menu-${lang}`, { fullPage: false });
    await page.getByRole('menuitem', { name: tr('users:actions.easyConnect') }).click();
    const confirm = page.getByRole('alertdialog', { name: tr('users:confirm.easyConnect.title', { name }) });
    await expect(confirm).toContainText(DEMO_ACCOUNTS.manager);
    await expectNoSeriousA11yViolations(page, `send a sign-in link (${lang})`);
    await screenshot(page, `remaining-routes-send-sign-in-link-${lang}`, { fullPage: false });
    await confirm.getByRole('button', { name: tr('common:actions.cancel'), exact: true }).click();
    await expect(confirm).toBeHidden();
  });

  test(`/token-expires?pco_name=Acme names Acme and says to ask its owner for a new link (${lang})`, async ({
    page,
  }) => {
    const tr = translator(lang);
    await page.goto(`/token-expires?pco_name=Acme&lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: tr('easyConnect:expired.title') })).toBeVisible();
    await expect(page.getByText(tr('easyConnect:expired.text', { name: 'Acme' }))).toBeVisible();
    await expect(page.getByText(tr('easyConnect:expired.askOwner', { name: 'Acme' }))).toBeVisible();
    // the way back to the password sign-in stays, as a secondary link; no "forgot password" offer
    await expect(page.getByRole('link', { name: tr('easyConnect:expired.signInWithPassword') })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: tr('auth:expired.requestNew') })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `expired sign-in link, Acme (${lang})`);
    await screenshot(page, `remaining-routes-token-expires-${lang}`);
  });
}

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
