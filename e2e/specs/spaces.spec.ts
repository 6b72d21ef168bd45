/**
 * Issue 4 acceptance (SPEC §2.2, §2.3, §4 "Space change", "Substitution exit"), against a real SMTP server: an admin
 * creates a dealer and invites its owner; the owner activates from the e-mailed link, signs in with the e-mailed code
 * and creates a PCO; the admin enters that PCO, creates a client there, reads the change under their own name in the
 * space's audit trail and leaves; a user with two spaces switches between them; the side menu of each space type is
 * exactly the one of SPEC §2.3. Desktop runs in English and mobile in French (the demo accounts' own language is
 * French, so every navigation names its language); axe finds no serious or critical violation on any screen.
 */
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, type Translate, translator } from '../fixtures/i18n';
import { codeIn, linkIn, waitForMail } from '../fixtures/mailbox';

test.describe.configure({ mode: 'serial' });

const OWNER_PASSWORD = 'Distrib-Owner-2026!';
/** The admin demo account (apps/server/src/db/seed/demo-people.ts): the audit trail names the real account. */
const ADMIN_NAME = 'Claire Marchand';

interface RunState {
  lang: Lang;
  t: Translate;
  mobile: boolean;
  dealerName: string;
  dealerOwner: string;
  pcoName: string;
  pcoOwner: string;
  clientName: string;
}
const runs = new Map<string, RunState>();

/** This project's run: desktop in English, mobile in French; names and addresses unique to the run. */
function current(): RunState {
  const project = test.info().project.name;
  if (!runs.has(project)) {
    const mobile = project === 'mobile';
    const lang: Lang = mobile ? 'fr' : 'en';
    const tag = `${mobile ? 'M' : 'D'}${Date.now().toString(36).slice(-6)}`;
    runs.set(project, {
      lang,
      t: translator(lang),
      mobile,
      dealerName: `Termi Négoce Atlantique ${tag}`,
      dealerOwner: `dealer.owner.${tag.toLowerCase()}@e2e.example`,
      pcoName: `Charente Anti-Termites ${tag}`,
      pcoOwner: `pco.owner.${tag.toLowerCase()}@e2e.example`,
      clientName: `Résidence Les Mimosas ${tag}`,
    });
  }
  return runs.get(project) as RunState;
}

/** `path` with this run's `lang` (the stored language of an account would apply otherwise). */
function inLang(path: string): string {
  const url = new URL(path, 'http://placeholder');
  url.searchParams.set('lang', current().lang);
  return path.startsWith('http') ? url.toString() : `${url.pathname}${url.search}`;
}

/** Opens `path` in this run's language. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(inLang(path));
}

/** A small valid PNG (24×24, two colours) built in memory, for the logo upload. */
function smallPng(): Buffer {
  const size = 24;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...(x + y < size ? [15, 118, 110] : [250, 204, 21]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The main menu navigation. On mobile the sidebar lives in a slide-over: the burger opens it first (and `close`
 * dismisses it again).
 */
async function openMenu(page: Page): Promise<Locator> {
  const { t, mobile } = current();
  if (mobile) await page.getByRole('button', { name: t('layout:menu.open') }).click();
  const nav = page.getByRole('navigation', { name: t('layout:menu.label') });
  await expect(nav).toBeVisible();
  return nav;
}

async function closeMenu(page: Page): Promise<void> {
  if (!current().mobile) return;
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: current().t('layout:menu.label') })).toBeHidden();
}

/** Asserts the exact list of links of the main menu, in order (SPEC §2.3). */
async function expectMenu(page: Page, labelKeys: string[]): Promise<void> {
  const { t } = current();
  const nav = await openMenu(page);
  await expect(nav.getByRole('link')).toHaveText(labelKeys.map((key) => t(key)));
  await closeMenu(page);
}

/** Follows the main-menu entry `labelKey`. */
async function followMenu(page: Page, labelKey: string): Promise<void> {
  const nav = await openMenu(page);
  await nav.getByRole('link', { name: current().t(labelKey), exact: true }).click();
}

/** The first of the elements `locator` finds that is shown (a list cell's text is repeated for narrow widths). */
function visible(locator: Locator): Locator {
  return locator.filter({ visible: true }).first();
}

/** Checks that the notification titled `title` is shown, then closes it (it would cover the header). */
async function dismissNotification(page: Page, title: string): Promise<void> {
  const notification = page.getByRole('listitem').filter({ hasText: title });
  await expect(notification).toBeVisible();
  await notification.getByRole('button', { name: current().t('common:notification.close') }).click();
  await expect(notification).toBeHidden();
}

/** The PCO tools of the header (SPEC §2.3, §6): search box and 'new visit', PCO space only. */
function pcoTools(page: Page): { search: Locator; newVisit: Locator } {
  const { t } = current();
  const header = page.getByRole('banner');
  return {
    search: header.getByRole('combobox', { name: t('search:label') }),
    newVisit: header.getByRole('button', { name: t('layout:header.newVisit') }),
  };
}

/** Logs in through the login form, answering the two-factor step with the e-mailed code. */
async function logInWithCode(page: Page, email: string, password: string): Promise<void> {
  const { t } = current();
  await open(page, '/login');
  const startedAt = Date.now();
  await page.getByRole('textbox', { name: t('auth:login.email'), exact: true }).fill(email);
  await page.getByRole('textbox', { name: t('auth:login.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth:login.submit') }).click();
  const code = page.getByLabel(t('auth:twoFactor.code'));
  await expect(code).toBeVisible();
  const mail = await waitForMail(email, { template: 'two_factor_code', since: startedAt });
  await code.fill(codeIn(mail));
  await page.getByRole('button', { name: t('auth:twoFactor.submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const ADMIN_MENU = [
  'layout:menu.dealers',
  'layout:menu.pcos',
  'layout:menu.fleet',
  'layout:menu.translations',
  'layout:menu.users',
];
const DEALER_OWNER_MENU = ['layout:menu.pcos', 'layout:menu.fleet', 'layout:menu.users', 'layout:menu.spaceParameters'];
const DEALER_USER_MENU = ['layout:menu.pcos', 'layout:menu.fleet', 'layout:menu.users'];
const PCO_MANAGER_MENU = [
  'layout:menu.home',
  'layout:menu.planning',
  'layout:menu.reports',
  'layout:menu.sites',
  'layout:menu.clients',
  'layout:menu.users',
];
const PCO_OWNER_MENU = [...PCO_MANAGER_MENU, 'layout:menu.spaceParameters'];

test('an admin creates a dealer and invites its owner', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const run = current();
  const { t } = run;
  await loginAs('admin');
  await open(page, '/dealers');
  await expect(page.getByRole('heading', { name: t('spaces:dealer.title'), level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: t('spaces:dealer.listLabel') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Dealers list');
  await screenshot(page, 'spaces-01-dealers');

  await page
    .getByRole('button', { name: t('spaces:dealer.new') })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: t('spaces:dealer.createTitle') });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: t('spaces:form.name'), exact: true }).fill(run.dealerName);
  await form.getByLabel(t('fields:logo.label'), { exact: true }).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: smallPng(),
  });
  await expect(form.getByRole('img', { name: t('fields:logo.preview') })).toBeVisible();
  const address = (key: string) => form.getByRole('textbox', { name: t(`fields:address.${key}`), exact: true });
  await address('label').fill('27 quai de Bacalan, 33300 Bordeaux');
  await address('street').fill('27 quai de Bacalan');
  await address('postalCode').fill('33300');
  await address('city').fill('Bordeaux');
  await address('country').fill('France');
  await address('latitude').fill('44.861650');
  await address('longitude').fill('-0.553860');
  await form.getByRole('textbox', { name: t('spaces:form.ownerEmail'), exact: true }).fill(run.dealerOwner);
  await form.getByRole('textbox', { name: t('spaces:form.erpClientId'), exact: true }).fill('D-FR-E2E');
  await expectNoSeriousA11yViolations(page, 'New dealer form');
  await screenshot(page, 'spaces-02-new-dealer', { fullPage: false });

  const startedAt = Date.now();
  await form.getByRole('button', { name: t('spaces:dealer.create') }).click();
  await expect(form).toBeHidden();

  // the new dealer is listed, its owner's invitation pending
  await open(page, `/dealers?search=${encodeURIComponent(run.dealerName)}`);
  const row = page.getByRole('row').filter({ hasText: run.dealerName });
  await expect(row).toHaveCount(1);
  await expect(visible(row.getByText(run.dealerOwner))).toBeVisible();
  await expect(visible(row.getByText(t('spaces:list.invitationPending')))).toBeVisible();
  // the uploaded logo is served and shown
  await expect.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // the invitation reaches the owner's address
  const mail = await waitForMail(run.dealerOwner, { template: 'invitation', since: startedAt });
  expect(linkIn(mail, '/activation')).toContain('token=');
});

test('the dealer owner activates, signs in with the e-mailed code and creates a PCO', async ({ page }) => {
  test.setTimeout(120_000);
  const run = current();
  const { t } = run;
  const invitation = await waitForMail(run.dealerOwner, { template: 'invitation' });
  await page.goto(inLang(linkIn(invitation, '/activation')));
  await expect(page.getByRole('heading', { name: t('auth:activation.title') })).toBeVisible();
  await page.getByRole('textbox', { name: t('auth:activation.firstname'), exact: true }).fill('Bastien');
  await page.getByRole('textbox', { name: t('auth:activation.lastname'), exact: true }).fill('Laurent');
  await page.getByRole('textbox', { name: t('auth:password.new'), exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('textbox', { name: t('auth:password.confirmation'), exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: t('auth:activation.submit') }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText(t('auth:login.activated'))).toBeVisible();

  // a dealer space asks for the e-mailed code, then BaseRoute sends a dealer to its PCOs
  await logInWithCode(page, run.dealerOwner, OWNER_PASSWORD);
  await expect(page).toHaveURL(/\/pcos$/);
  await open(page, '/pcos');
  await expect(page.getByRole('heading', { name: t('spaces:pco.title'), level: 1 })).toBeVisible();
  await expectMenu(page, DEALER_OWNER_MENU);

  await page
    .getByRole('button', { name: t('spaces:pco.new') })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: t('spaces:pco.createTitle') });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: t('spaces:form.name'), exact: true }).fill(run.pcoName);
  await form.getByLabel(t('fields:logo.label'), { exact: true }).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: smallPng(),
  });
  const address = (key: string) => form.getByRole('textbox', { name: t(`fields:address.${key}`), exact: true });
  await address('label').fill('5 rue Gambetta, 17000 La Rochelle');
  await address('city').fill('La Rochelle');
  await address('latitude').fill('46.160330');
  await address('longitude').fill('-1.151390');
  await form.getByRole('textbox', { name: t('spaces:form.ownerEmail'), exact: true }).fill(run.pcoOwner);
  await form.getByRole('textbox', { name: t('spaces:form.erpClientId'), exact: true }).fill('C-E2E-1');
  await form.getByRole('textbox', { name: t('spaces:form.erpOrderId'), exact: true }).fill('O-E2E-1');
  // a dealer creates PCOs of its own only: no dealer picker
  await expect(form.getByRole('combobox', { name: t('spaces:form.dealer') })).toHaveCount(0);
  const startedAt = Date.now();
  await form.getByRole('button', { name: t('spaces:pco.create') }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: run.pcoName });
  await expect(row).toHaveCount(1);
  await expect(visible(row.getByText(t('spaces:list.invitationPending')))).toBeVisible();
  await dismissNotification(page, t('spaces:pco.created', { name: run.pcoName }));
  await expectNoSeriousA11yViolations(page, 'PCO list of a dealer');
  await screenshot(page, 'spaces-03-pcos-dealer');
  await waitForMail(run.pcoOwner, { template: 'invitation', since: startedAt });
});

test('the admin enters the PCO, creates a client there, reads it in the audit trail and leaves', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(150_000);
  const run = current();
  const { t } = run;
  await loginAs('admin');
  await open(page, `/pcos?search=${encodeURIComponent(run.pcoName)}`);
  await page.getByRole('button', { name: t('spaces:actions.connectNamed', { name: run.pcoName }) }).click();

  // BaseRoute of the PCO space, with the strip naming it above the header
  await expect(page).toHaveURL(/\/home$/);
  await open(page, '/home');
  const strip = page.getByRole('status').filter({ hasText: t('layout:substitution.actingIn', { name: run.pcoName }) });
  await expect(strip).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header).toBeVisible();
  const stripBox = await strip.boundingBox();
  const headerBox = await header.boundingBox();
  expect(stripBox && headerBox && stripBox.y + stripBox.height <= headerBox.y + 1).toBe(true);
  await expectMenu(page, PCO_OWNER_MENU);
  await expectNoSeriousA11yViolations(page, 'Home on substitution');
  await screenshot(page, 'spaces-04-substitution');

  // a client created through the Clients screen
  await followMenu(page, 'layout:menu.clients');
  await expect(page).toHaveURL(/\/clients/);
  await page
    .getByRole('button', { name: t('clients:actions.newClient') })
    .first()
    .click();
  const clientForm = page.getByRole('dialog', { name: t('clients:form.createTitle') });
  await expect(clientForm).toBeVisible();
  await clientForm.getByRole('textbox', { name: t('clients:form.name'), exact: true }).fill(run.clientName);
  const main = clientForm.getByRole('group', { name: t('clients:form.mainContact') });
  await main.getByRole('textbox', { name: t('clients:form.lastname'), exact: true }).fill('Mercier');
  await main.getByRole('textbox', { name: t('clients:form.firstname'), exact: true }).fill('Agnès');
  await main.getByRole('textbox', { name: t('clients:form.title'), exact: true }).fill('Syndic');
  await main.getByRole('textbox', { name: t('clients:form.phone'), exact: true }).fill('+33 5 46 00 12 34');
  await main.getByRole('textbox', { name: t('clients:form.email'), exact: true }).fill('agnes.mercier@e2e.example');
  await clientForm.getByRole('button', { name: t('clients:actions.create') }).click();
  await expect(clientForm).toBeHidden();
  await expect(page.getByRole('heading', { name: run.clientName }).first()).toBeVisible();
  await dismissNotification(page, t('clients:notifications.created', { name: run.clientName }));

  // the space settings' audit trail lists the creation under the admin's own name
  await followMenu(page, 'layout:menu.spaceParameters');
  await expect(page).toHaveURL(/\/space-parameters/);
  await expect(page.getByRole('heading', { name: t('spaceParameters:title'), level: 1 })).toBeVisible();
  const trail = page.getByRole('list', { name: t('spaceParameters:audit.title') });
  // the entry of the client's creation: its data sent (in a closed disclosure) names the client
  const entry = trail.getByRole('listitem').filter({ hasText: run.clientName });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(ADMIN_NAME);
  await expect(entry).toContainText(t('spaceParameters:audit.kind.create'));
  await expect(entry).toContainText(t('spaceParameters:audit.entities.client_contacts'));
  await entry.getByText(t('spaceParameters:audit.details')).click();
  await expect(entry.getByText(run.clientName)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Space settings on substitution');
  await screenshot(page, 'spaces-05-space-settings');

  // leave through the strip and its confirmation
  await strip.getByRole('button', { name: t('layout:substitution.leave') }).click();
  const dialog = page.getByRole('alertdialog', { name: t('layout:substitution.confirmTitle', { name: run.pcoName }) });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(t('layout:substitution.confirmMessage'));
  await expectNoSeriousA11yViolations(page, 'Substitution exit dialog');
  await screenshot(page, 'spaces-06-leave-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: t('layout:substitution.confirmAction') }).click();

  // back in the admin space: /dealers, the admin menu, no strip
  await expect(page).toHaveURL(/\/dealers$/);
  await open(page, '/dealers');
  await expect(page.getByRole('heading', { name: t('spaces:dealer.title'), level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: t('layout:substitution.leave') })).toHaveCount(0);
  await expect(page.getByText(t('layout:substitution.actingIn', { name: run.pcoName }))).toHaveCount(0);
  await expectMenu(page, ADMIN_MENU);
});

test('a user holding a dealer and a PCO space switches between them', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const { t } = current();
  await loginAs('multi');
  await open(page, '/');
  await expect(page).toHaveURL(/\/home(\?|$)/);
  await expectMenu(page, PCO_MANAGER_MENU);

  // the selector lists the two spaces by name, then type; the dealer space is chosen
  const names = (await (await page.request.get('/api/me', { headers: { 'Client-Type': 'webapp' } })).json())
    .space_names as Record<'dealer' | 'pco', string>;
  const dealerOption = `${names.dealer} · ${t('enums:user_type.dealer')}`;
  const pcoOption = `${names.pco} · ${t('enums:user_type.pco')}`;
  await openMenu(page);
  const selector = page.getByRole('button', { name: t('layout:space.selector') });
  await expect(selector).toContainText(pcoOption);
  await selector.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveText([dealerOption, pcoOption]);
  await expectNoSeriousA11yViolations(page, 'Space selector open');
  await screenshot(page, 'spaces-07-space-selector', { fullPage: false });
  await listbox.getByRole('option', { name: dealerOption, exact: true }).click();

  // the page reloads on BaseRoute of a dealer: its PCOs, the dealer user's menu
  await expect(page).toHaveURL(/\/pcos$/);
  await open(page, '/pcos');
  await expect(page.getByRole('heading', { name: t('spaces:pco.title'), level: 1 })).toBeVisible();
  await expectMenu(page, DEALER_USER_MENU);
  await expect(pcoTools(page).newVisit).toHaveCount(0);

  // and back to the PCO space
  await openMenu(page);
  await page.getByRole('button', { name: t('layout:space.selector') }).click();
  await page.getByRole('option', { name: pcoOption, exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await open(page, '/home');
  await expectMenu(page, PCO_MANAGER_MENU);
  await expect(pcoTools(page).newVisit).toBeVisible();
});

test('each space type shows the menu of SPEC §2.3', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const { t } = current();

  // admin: Dealers, PCOs, Translations (issue 14), Users; no search, no 'new visit'
  await loginAs('admin');
  await open(page, '/');
  await expect(page).toHaveURL(/\/dealers(\?|$)/);
  await expect(page.getByRole('heading', { name: t('spaces:dealer.title'), level: 1 })).toBeVisible();
  await expectMenu(page, ADMIN_MENU);
  await expect(pcoTools(page).search).toHaveCount(0);
  await expect(pcoTools(page).newVisit).toHaveCount(0);

  // dealer owner: PCOs, Users, Space settings
  await page.context().clearCookies();
  await loginAs('dealer');
  await open(page, '/');
  await expect(page).toHaveURL(/\/pcos(\?|$)/);
  await expect(page.getByRole('heading', { name: t('spaces:pco.title'), level: 1 })).toBeVisible();
  await expectMenu(page, DEALER_OWNER_MENU);
  await expect(pcoTools(page).search).toHaveCount(0);
  await expect(pcoTools(page).newVisit).toHaveCount(0);

  // PCO owner: Overview, Planning, Sites, Clients, Users, Space settings, with the search box and 'new visit'
  await page.context().clearCookies();
  await loginAs('owner');
  await open(page, '/');
  await expect(page).toHaveURL(/\/home(\?|$)/);
  await expectMenu(page, PCO_OWNER_MENU);
  await expect(pcoTools(page).search).toBeVisible();
  await expect(pcoTools(page).newVisit).toBeVisible();

  // PCO manager: no Space settings
  await page.context().clearCookies();
  await loginAs('manager');
  await open(page, '/');
  await expect(page).toHaveURL(/\/home(\?|$)/);
  await expectMenu(page, PCO_MANAGER_MENU);
  await expect(pcoTools(page).search).toBeVisible();
  await expect(pcoTools(page).newVisit).toBeVisible();
});
