/**
 * Issue 3 acceptance, against a real SMTP server (support/smtp-sink.ts): an owner invites a manager and a technician;
 * the manager activates from the e-mailed link and logs in; the technician lands on the download page; a dealer-space
 * login asks for the e-mailed code and 'remember this device' skips it next time; forgot → reset → log in with the new
 * password; a change of e-mail is validated from its link; a referent technician's sites are reassigned before
 * disabling them. Desktop runs in English and mobile in French, so every screen is seen in two languages; axe finds
 * no serious or critical violation on any of them.
 */
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, type Translate, translator } from '../fixtures/i18n';
import { codeIn, linkIn, waitForMail } from '../fixtures/mailbox';

test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'Nouveau-Mot-2026!';
const RESET_PASSWORD = 'Encore-Un-Autre-2026?';

interface RunState {
  lang: Lang;
  t: Translate;
  manager: string;
  technician: string;
}
const runs = new Map<string, RunState>();

/** Adds `lang` to a same-origin path or an absolute link from a mail. */
function withLang(url: string, lang: Lang): string {
  const parsed = new URL(url, 'http://placeholder');
  parsed.searchParams.set('lang', lang);
  return url.startsWith('http') ? parsed.toString() : `${parsed.pathname}${parsed.search}`;
}

/** Logs in through the login form (no two-factor step expected). */
async function logInWithForm(page: Page, t: Translate, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: t('auth:login.email'), exact: true }).fill(email);
  await page.getByRole('textbox', { name: t('auth:login.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth:login.submit') }).click();
}

/** Picks `role` in the role select of invitation row `row` (a React Aria select: button + listbox). */
async function chooseRole(page: Page, row: number, role: string): Promise<void> {
  await page
    .getByRole('button', { name: current().t('users:invite.role') })
    .nth(row)
    .click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

/** This project's run: desktop in English, mobile in French; addresses unique to the run (one server for both). */
function current(): RunState {
  const project = test.info().project.name;
  if (!runs.has(project)) {
    const lang: Lang = project === 'mobile' ? 'fr' : 'en';
    const tag = `${project}.${Date.now().toString(36)}`;
    runs.set(project, {
      lang,
      t: translator(lang),
      manager: `manager.${tag}@e2e.example`,
      technician: `technician.${tag}@e2e.example`,
    });
  }
  return runs.get(project) as RunState;
}

test('an owner invites a manager and a technician, who activate from the e-mailed links', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const run = current();
  const { t, lang } = run;
  await loginAs('owner');
  await page.goto(withLang('/users/add', lang));
  await expect(page.getByRole('heading', { name: t('users:invite.title') })).toBeVisible();

  const startedAt = Date.now();
  await page
    .getByRole('textbox', { name: t('users:invite.email'), exact: true })
    .first()
    .fill(run.manager);
  await chooseRole(page, 0, t('enums:role.ROLE_PCO_SPACE_MANAGER'));
  await page.getByRole('button', { name: t('users:invite.addRow') }).click();
  await page
    .getByRole('textbox', { name: t('users:invite.email'), exact: true })
    .nth(1)
    .fill(run.technician);
  await chooseRole(page, 1, t('enums:role.ROLE_PCO_SPACE_TECHNICIAN'));
  await expectNoSeriousA11yViolations(page, 'Invite users');
  await screenshot(page, 'identity-01-invite');
  await page.getByRole('button', { name: t('users:invite.submit', { count: 2 }) }).click();
  await expect(page).toHaveURL(/\/users(\?|$)/);
  await expect(page.getByText(run.manager).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Users list');
  await screenshot(page, 'identity-02-users');

  // the manager activates from the mail, then logs in
  const managerMail = await waitForMail(run.manager, { template: 'invitation', since: startedAt });
  await page.context().clearCookies();
  await page.goto(withLang(linkIn(managerMail, '/activation'), lang));
  await expect(page.getByRole('heading', { name: t('auth:activation.title') })).toBeVisible();
  await page.getByRole('textbox', { name: t('auth:activation.firstname'), exact: true }).fill('Camille');
  await page.getByRole('textbox', { name: t('auth:activation.lastname'), exact: true }).fill('Morel');
  await page.getByRole('textbox', { name: t('auth:password.new'), exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: t('auth:password.confirmation'), exact: true }).fill(NEW_PASSWORD);
  await expectNoSeriousA11yViolations(page, 'Activation');
  await screenshot(page, 'identity-03-activation');
  await page.getByRole('button', { name: t('auth:activation.submit') }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText(t('auth:login.activated'))).toBeVisible();
  await logInWithForm(page, t, run.manager, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);

  // the technician activates and lands on the download page
  const technicianMail = await waitForMail(run.technician, { template: 'invitation', since: startedAt });
  await page.context().clearCookies();
  await page.goto(withLang(linkIn(technicianMail, '/activation'), lang));
  await page.getByRole('textbox', { name: t('auth:activation.firstname'), exact: true }).fill('Hugo');
  await page.getByRole('textbox', { name: t('auth:activation.lastname'), exact: true }).fill('Faure');
  await page.getByRole('textbox', { name: t('auth:password.new'), exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: t('auth:password.confirmation'), exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('auth:activation.submit') }).click();
  await expect(page).toHaveURL(/\/download-app/);
  await expectNoSeriousA11yViolations(page, 'Download app');
  await screenshot(page, 'identity-04-download-app');
});

test('a dealer-space login asks for the e-mailed code; a remembered device skips it', async ({ page }) => {
  test.setTimeout(90_000);
  const run = current();
  const { t, lang } = run;
  await page.goto(withLang('/login', lang));
  const startedAt = Date.now();
  await logInWithForm(page, t, DEMO_ACCOUNTS.dealer, DEMO_PASSWORD);
  const code = page.getByLabel(t('auth:twoFactor.code'));
  await expect(code).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Two-factor step');
  await screenshot(page, 'identity-05-two-factor');
  const mail = await waitForMail(DEMO_ACCOUNTS.dealer, { template: 'two_factor_code', since: startedAt });
  await code.fill(codeIn(mail));
  await page.getByLabel(t('auth:twoFactor.trusted', { days: 180 })).check();
  await page.getByRole('button', { name: t('auth:twoFactor.submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect((await page.request.get('/api/me', { headers: { 'Client-Type': 'webapp' } })).ok()).toBe(true);

  // log out (the trusted-device cookie stays), log in again: no code asked
  await page.request.get('/security/logout', { headers: { 'Client-Type': 'webapp' } });
  await page.goto(withLang('/login', lang));
  await logInWithForm(page, t, DEMO_ACCOUNTS.dealer, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByLabel(t('auth:twoFactor.code'))).toHaveCount(0);
});

test('forgot password → reset from the e-mailed link → log in with the new password', async ({ page }) => {
  test.setTimeout(90_000);
  const run = current();
  const { t, lang } = run;
  await page.goto(withLang('/login', lang));
  await page.getByRole('link', { name: t('auth:login.forgotPassword') }).click();
  const startedAt = Date.now();
  await page.getByRole('textbox', { name: t('auth:login.email'), exact: true }).fill(run.manager);
  await page.getByRole('button', { name: t('auth:forgot.submit') }).click();
  await expect(page.getByText(t('auth:forgot.sent', { email: run.manager }))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Forgot password');
  await screenshot(page, 'identity-06-forgot');

  const mail = await waitForMail(run.manager, { template: 'password_reset', since: startedAt });
  await page.goto(withLang(linkIn(mail, '/renew-password'), lang));
  await expect(page.getByRole('heading', { name: t('auth:renew.title') })).toBeVisible();
  await page.getByRole('textbox', { name: t('auth:password.new'), exact: true }).fill(RESET_PASSWORD);
  await page.getByRole('textbox', { name: t('auth:password.confirmation'), exact: true }).fill(RESET_PASSWORD);
  await expectNoSeriousA11yViolations(page, 'Renew password');
  await screenshot(page, 'identity-07-renew-password');
  await page.getByRole('button', { name: t('auth:renew.submit') }).click();
  await expect(page).toHaveURL(/\/login/);
  await logInWithForm(page, t, run.manager, RESET_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
});

test('a change of e-mail is validated from the link sent to the new address', async ({ page }) => {
  test.setTimeout(90_000);
  const run = current();
  const { t, lang } = run;
  const newEmail = run.manager.replace('manager.', 'manager.new.');
  await page.goto(withLang('/login', lang));
  await logInWithForm(page, t, run.manager, RESET_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(withLang('/home', lang));

  await page.getByRole('button', { name: 'Camille Morel' }).click();
  await page.getByRole('menuitem', { name: t('profile:menu.myProfile') }).click();
  const panel = page.getByRole('dialog', { name: t('profile:panel.title') });
  await expect(panel.getByText(run.manager)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'My profile');
  await screenshot(page, 'identity-08-profile');
  await panel.getByRole('button', { name: t('profile:panel.changeLabel.email') }).click();
  const modal = page.getByRole('dialog', { name: t('profile:emailModal.title') });
  const startedAt = Date.now();
  await modal.getByLabel(t('profile:emailModal.newEmail')).fill(newEmail);
  await modal.getByLabel(t('profile:emailModal.password')).fill(RESET_PASSWORD);
  await modal.getByRole('button', { name: t('common:actions.save') }).click();
  await expect(page.getByText(t('profile:emailPending.title'))).toBeVisible();

  const mail = await waitForMail(newEmail, { template: 'email_change', since: startedAt });
  await page.goto(withLang(linkIn(mail, '/validate-new-email'), lang));
  await expect(page.getByText(t('auth:newEmail.success'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'E-mail validated');
  await screenshot(page, 'identity-09-email-validated');

  await page.context().clearCookies();
  await page.goto(withLang('/login', lang));
  await logInWithForm(page, t, newEmail, RESET_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  run.manager = newEmail;
});

test("a referent technician's sites are reassigned before the technician is disabled", async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const run = current();
  const { t, lang } = run;
  await loginAs('owner');
  const headers = { 'Client-Type': 'webapp', 'Content-Type': 'application/ld+json' };
  // make the new technician the referent of a site
  const users = await (await page.request.get(`/api/user_pcos?search=${encodeURIComponent(run.technician)}`)).json();
  const technician = users['hydra:member'][0] as { ulid: string; firstname: string; lastname: string };
  const clients = await (await page.request.get('/api/clients/search?name=Boulangerie')).json();
  const client = clients.list[0] as { ulid: string };
  const created = await page.request.post('/api/site_contacts', {
    headers,
    data: {
      site: {
        client: `/api/clients/${client.ulid}`,
        name: `Entrepôt ${Date.now().toString(36)}`,
        address: { label: '12 rue des Lilas, 33000 Bordeaux', latitude: '44.837789', longitude: '-0.57918' },
        area: 250,
        referent: `/api/user_pcos/${technician.ulid}`,
      },
      contact: {
        lastname: 'Garnier',
        firstname: 'Lucie',
        phone: '+33 5 56 00 00 00',
        email: 'lucie.garnier@e2e.example',
        title: 'Gérante',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(withLang(`/users?search=${encodeURIComponent(run.technician)}`, lang));
  const name = `${technician.firstname} ${technician.lastname}`;
  await page.getByRole('button', { name: t('users:actions.menu', { name }) }).click();
  await page.getByRole('menuitem', { name: t('users:actions.disable') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('users:confirm.disable.action') })
    .click();

  const reassign = page.getByRole('dialog', { name: t('users:reassign.title', { name }) });
  await expect(reassign).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Reassign referent sites');
  await screenshot(page, 'identity-10-reassign');
  // one site: its own picker (the 'assign every site to' shortcut shows from two sites)
  await reassign
    .getByRole('button', { name: t('users:reassign.choose') })
    .first()
    .click();
  await page.getByRole('option').first().click();
  await reassign.getByRole('button', { name: t('users:reassign.submit.disable') }).click();
  await expect(page.getByText(t('users:notifications.disable', { name }))).toBeVisible();
  const after = await (await page.request.get(`/api/user_pcos?search=${encodeURIComponent(run.technician)}`)).json();
  expect(after['hydra:member'][0]).toMatchObject({ status: 'disabled', nb_referent_site: 0 });
});
