/**
 * Issue 14 "What must show" (SPEC §2.2 /translations, §2.7 "Translation tool"): an admin changes a French label in
 * `/translations` and sends it to the server, and an open PCO session (a second browser context) shows the new label
 * without a rebuild nor a reload; uploading an archive with a broken placeholder shows the conflict and changes
 * nothing. Axe finds no serious or critical violation. Desktop (1280 px), in French, with screenshots in French and
 * Japanese. On a phone (390 px): the key list, the editor and the import report fit the screen (nothing scrolls
 * sideways, every language stacked under its key), the editor asks before dropping a changed text, axe clean.
 */
import type { Browser, Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { translator } from '../fixtures/i18n';

test.describe.configure({ mode: 'serial' });
const onDesktop = () => test.skip(test.info().project.name !== 'desktop', 'the desktop path is checked at 1280 px');
const onPhone = () => test.skip(test.info().project.name !== 'mobile', 'the phone layout is checked at 390 px');

const fr = translator('fr');
const ja = translator('ja');
const KEY = 'upcoming.title';
const NEW_LABEL = `Interventions à venir (${Date.now().toString(36).slice(-5)})`;

/** A PCO owner's page in its own browser context, signed in through the API, on Home in French. */
async function pcoSession(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  const login = await page.request.post('/security/token/request', {
    headers: { 'Client-Type': 'webapp' },
    data: { email: DEMO_ACCOUNTS.owner, password: DEMO_PASSWORD, _remember_me: false },
  });
  expect(login.status()).toBeLessThan(300);
  await page.goto('/home?lang=fr');
  return page;
}

/** Closes the notifications shown (top right, over the page header's actions), as a user would. */
async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: fr('common:notification.close') });
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) {
    // a notification may close by itself meanwhile
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  await expect(close).toHaveCount(0);
}

/** Opens the edit dialog of `ns:key` in the list of the tool (searched by key). */
async function openKey(page: Page, key: string): Promise<void> {
  await page.getByLabel(fr('translations:filters.search')).fill(key);
  await page.getByRole('button', { name: fr('translations:table.edit', { key: `home:${key}` }) }).click();
}

test('an admin changes a French label and sends it; an open PCO session shows it without a rebuild', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  onDesktop();
  // two sessions, a two-factor sign-in, two publications
  test.setTimeout(90_000);
  const pco = await pcoSession(browser, baseURL as string);
  const bundled = fr(`home:${KEY}`);
  await expect(pco.getByRole('heading', { name: bundled })).toBeVisible();

  await loginAs('admin');
  await page.goto('/translations?lang=fr');
  await expect(page.getByRole('heading', { name: fr('translations:title'), level: 1 })).toBeVisible();
  // the header is hidden on this screen (SPEC §2.3)
  await expect(page.getByRole('button', { name: fr('layout:header.newVisit') })).toHaveCount(0);
  await openKey(page, KEY);
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel(fr('translations:edit.value', { language: fr('enums:language.fr') }));
  await expect(field).toHaveValue(bundled);
  // a check refused on save shows under the field, in the admin's language
  await field.fill('<b>Interventions</b>');
  await dialog.getByRole('button', { name: fr('translations:edit.save') }).click();
  await expect(dialog.getByText(fr('translations:errors.translation_html_forbidden'))).toBeVisible();
  await field.fill(NEW_LABEL);
  await dialog.getByRole('button', { name: fr('translations:edit.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`home:${KEY}`) })).toContainText(NEW_LABEL);
  await expectNoSeriousA11yViolations(page, '/translations');
  await screenshot(page, 'translations-fr');

  // a draft: the PCO still reads the bundled text
  await pco.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(pco.getByRole('heading', { name: bundled })).toBeVisible();

  await dismissNotifications(page);
  await page.getByRole('button', { name: fr('translations:publish') }).click();
  await expect(
    page.getByText(fr('translations:version', { version: 1 }).split(' ')[0] as string).first(),
  ).toBeVisible();

  // the PCO's tab comes back to the front: it checks the published version and shows the new label, no reload
  await pco.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(pco.getByRole('heading', { name: NEW_LABEL })).toBeVisible();
  await expect(pco.getByRole('heading', { name: bundled })).toHaveCount(0);

  // the admin puts the original back and sends it: the PCO reads it again
  await openKey(page, KEY);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fr('translations:edit.revert') })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await dismissNotifications(page);
  await page.getByRole('button', { name: fr('translations:publish') }).click();
  await expect(page.getByText(fr('translations:published', { version: 2 }))).toBeVisible();
  await pco.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(pco.getByRole('heading', { name: bundled })).toBeVisible();
  await pco.context().close();
});

test('an archive with a broken placeholder shows the conflict and changes nothing', async ({ page, loginAs }) => {
  onDesktop();
  await loginAs('admin');
  await page.goto('/translations?lang=fr');
  const archive = Buffer.from(
    zipSync({
      'fr/common.json': strToU8(JSON.stringify({ actions: { removeItem: 'Retirer {{nom}}', save: 'Valider' } })),
    }),
  );
  await page
    .getByLabel(fr('translations:import.choose'), { exact: true })
    .setInputFiles({ name: 'fr.zip', mimeType: 'application/zip', buffer: archive });
  const report = page.getByRole('region', { name: fr('translations:import.report') });
  await expect(report).toBeVisible();
  await expect(report.getByText(fr('translations:import.conflicts', { count: 1 }))).toBeVisible();
  const conflict = report.getByRole('row', { name: /fr\/common:actions\.removeItem/ });
  await expect(conflict).toContainText('Retirer {{nom}}');
  await expect(conflict).toContainText(fr('translations:errors.translation_placeholders_mismatch'));
  await expect(report.getByRole('button', { name: fr('translations:import.apply'), exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, '/translations, dry run');
  await screenshot(page, 'translations-dry-run-fr');

  // nothing was written: both texts are still the bundled ones
  const keys = await page.request.get('/api/translations/keys?language=fr&namespace=common&search=actions.', {
    headers: { 'Client-Type': 'webapp', Accept: 'application/json' },
  });
  const members = (await keys.json())['hydra:member'] as {
    key: string;
    texts: { language: string; override: string | null }[];
  }[];
  for (const key of ['actions.removeItem', 'actions.save']) {
    const fr = members.find((member) => member.key === key)?.texts.find((text) => text.language === 'fr');
    expect(fr?.override, key).toBeNull();
  }

  // the screen in Japanese
  await page.goto('/translations?lang=ja');
  await expect(page.getByRole('heading', { name: ja('translations:title'), level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/translations in Japanese');
  await screenshot(page, 'translations-ja');
});

/** The width the screen's content takes beyond the viewport (0 when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.getElementById('main-content') ?? document.documentElement;
    return Math.max(
      main.scrollWidth - main.clientWidth,
      document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  });
}

test('on a phone, the key list, the editor and the import report fit the screen', async ({ page, loginAs }) => {
  onPhone();
  await loginAs('admin');
  await page.goto('/translations?lang=fr');
  await expect(page.getByRole('heading', { name: fr('translations:title'), level: 1 })).toBeVisible();
  await screenshot(page, 'translations-mobile-top-fr', { fullPage: false });
  await page.getByLabel(fr('translations:filters.search')).fill(KEY);
  const keys = page.getByRole('list', { name: fr('translations:table.label') });
  const item = keys.getByRole('listitem').filter({ hasText: `home:${KEY}` });
  // the five languages stacked under the key, the chosen one (French) first
  await expect(item.getByRole('definition').first()).toHaveText(fr(`home:${KEY}`));
  await expect(item.getByText(ja(`home:${KEY}`), { exact: true })).toBeVisible();
  await expect(item.getByRole('term')).toHaveCount(5);
  // the desktop table is not shown
  await expect(page.getByRole('table', { name: fr('translations:table.label') })).toBeHidden();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
  await expectNoSeriousA11yViolations(page, '/translations at 390 px');
  await screenshot(page, 'translations-mobile-fr');

  // the editor fits, and asks before dropping a changed text
  await item.getByRole('button', { name: fr('translations:table.edit', { key: `home:${KEY}` }) }).click();
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel(fr('translations:edit.value', { language: fr('enums:language.fr') }));
  await field.fill('Texte en cours');
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await screenshot(page, 'translations-mobile-editor-fr', { fullPage: false });
  await dialog.getByRole('button', { name: fr('common:actions.cancel'), exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: fr('common:unsavedChanges.title') });
  await ask.getByRole('button', { name: fr('common:unsavedChanges.keep') }).click();
  await expect(field).toHaveValue('Texte en cours');
  await dialog.getByRole('button', { name: fr('common:actions.cancel'), exact: true }).click();
  await ask.getByRole('button', { name: fr('common:unsavedChanges.discard') }).click();
  await expect(dialog).toBeHidden();

  // a dry run's report: each text stacked, nothing scrolls sideways
  const archive = Buffer.from(
    zipSync({ 'fr/common.json': strToU8(JSON.stringify({ actions: { removeItem: 'Retirer {{nom}}' } })) }),
  );
  await page
    .getByLabel(fr('translations:import.choose'), { exact: true })
    .setInputFiles({ name: 'fr.zip', mimeType: 'application/zip', buffer: archive });
  const report = page.getByRole('region', { name: fr('translations:import.report') });
  const conflict = report.getByRole('listitem').filter({ hasText: 'fr/common:actions.removeItem' });
  await expect(conflict).toContainText('Retirer {{nom}}');
  await expect(conflict).toContainText(fr('translations:errors.translation_placeholders_mismatch'));
  await expect(report.getByRole('table')).toBeHidden();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
  await expectNoSeriousA11yViolations(page, '/translations dry run at 390 px');
  await screenshot(page, 'translations-mobile-dry-run-fr');

  // in Japanese
  await page.goto('/translations?lang=ja');
  await expect(page.getByRole('heading', { name: ja('translations:title'), level: 1 })).toBeVisible();
  await screenshot(page, 'translations-mobile-top-ja', { fullPage: false });
  await page.getByLabel(ja('translations:filters.search')).fill(KEY);
  await expect(
    page
      .getByRole('list', { name: ja('translations:table.label') })
      .getByRole('listitem')
      .filter({ hasText: `home:${KEY}` }),
  ).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
  await expectNoSeriousA11yViolations(page, '/translations at 390 px in Japanese');
  await screenshot(page, 'translations-mobile-ja');
});
