/**
 * Issue 14 "Rough edges a user meets today", the screens' part, in Chromium at 1280 px (desktop, French) and 390 px
 * (mobile, Japanese), axe clean on every screen:
 * - the planning's week view reads on a phone (three day columns, none clipped) and shows the whole week on a desktop,
 *   the event texts ending with an ellipsis;
 * - the sidebar shows the space's new name as soon as the settings are saved;
 * - a member invited with the plain PCO role lands on a page that says what the role allows, not on error 403;
 * - another space's client opened by URL goes to the Error screen 404 (SPEC §8);
 * - with `?lang=`, the profile's language selector shows the language in use, not the saved one.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, type Translate, translator } from '../fixtures/i18n';
import { linkIn, waitForMail } from '../fixtures/mailbox';

const WEBAPP = { 'Client-Type': 'webapp' };
const PLAIN_PASSWORD = 'Plain-Member-2026!';

/** This project's language: French on the desktop, Japanese on the phone. */
function language(): { lang: Lang; t: Translate; mobile: boolean } {
  const mobile = test.info().project.name === 'mobile';
  const lang: Lang = mobile ? 'ja' : 'fr';
  return { lang, t: translator(lang), mobile };
}

/** `path` in `lang` (the demo accounts' saved language would apply otherwise). */
function inLang(path: string, lang: Lang): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
}

/** Opens the side menu on a phone (it is a slide-over there) and answers it. */
async function sideMenu(page: Page, t: Translate, mobile: boolean) {
  if (mobile) await page.getByRole('button', { name: t('layout:menu.open') }).click();
  return page.getByRole('navigation', { name: t('layout:menu.label') });
}

test('the planning week view reads at 390 px and 1280 px; event texts end with an ellipsis', async ({
  page,
  loginAs,
}) => {
  const { lang, t, mobile } = language();
  await loginAs('owner');
  await page.goto(inLang('/planning?view=week', lang));
  const calendar = page.getByRole('region', { name: t('planning:calendar.label') });
  await expect(calendar.locator('.fc-col-header-cell')).toHaveCount(mobile ? 3 : 7);
  await expect(calendar).not.toHaveAttribute('aria-busy', 'true');

  // no day header is wider than its column (Japanese headers overlapped at 390 px)
  const clipped = await calendar.locator('.fc-col-header-cell').evaluateAll((cells) =>
    cells
      .map((cell) => {
        const text = cell.querySelector('.fc-col-header-cell-cushion') as HTMLElement | null;
        const box = cell.getBoundingClientRect();
        const inner = text?.getBoundingClientRect();
        return inner && (inner.left < box.left - 1 || inner.right > box.right + 1) ? text?.textContent : null;
      })
      .filter(Boolean),
  );
  expect(clipped).toEqual([]);
  // the calendar fits the screen: no column beyond the viewport
  const overflow = await calendar.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);

  // every event text is cut with an ellipsis, its whole text in the title
  const texts = calendar.locator('.planning-event .truncate');
  if ((await texts.count()) > 0) {
    const styles = await texts.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).textOverflow),
    );
    expect(new Set(styles)).toEqual(new Set(['ellipsis']));
    await expect(calendar.locator('.planning-event').first()).toHaveAttribute('title', /\S/);
  }
  await expectNoSeriousA11yViolations(page, 'Planning, week view');
  await screenshot(page, `rough-edges-01-planning-week-${lang}`);
  // the other language of the review, same size
  await page.goto(inLang('/planning?view=week', mobile ? 'fr' : 'ja'));
  await expect(page.locator('.fc-col-header-cell')).toHaveCount(mobile ? 3 : 7);
  await screenshot(page, `rough-edges-01-planning-week-${mobile ? 'fr' : 'ja'}`);
});

test('the sidebar shows the new name of the space once the settings are saved', async ({ page, loginAs }) => {
  const { lang, t, mobile } = language();
  await loginAs('owner');
  const me = await (await page.request.get('/api/me', { headers: WEBAPP })).json();
  const original: string = me.pco.name;
  const renamed = `${original} ${mobile ? 'Mobile' : 'Bureau'} ${Date.now().toString(36).slice(-4)}`;

  await page.goto(inLang('/space-parameters', lang));
  const name = page.getByRole('textbox', { name: t('spaceParameters:settings.name') });
  await expect(name).toHaveValue(original);
  try {
    await name.fill(renamed);
    await page
      .getByRole('button', { name: t('common:actions.save') })
      .first()
      .click();
    await expect(page.getByText(t('spaceParameters:settings.saved'))).toBeVisible();
    // the fixed sidebar on a desktop, the menu's slide-over on a phone
    if (mobile) await page.getByRole('button', { name: t('layout:menu.open') }).click();
    const sidebar = mobile ? page.getByRole('dialog', { name: t('layout:menu.label') }) : page.locator('aside');
    await expect(sidebar.getByTitle(renamed, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Sidebar after the settings are saved');
    await screenshot(page, `rough-edges-02-sidebar-renamed-${lang}`, { fullPage: false });
  } finally {
    // other specs know the demo PCO by its name
    const stored = await (await page.request.get('/api/space_parameters', { headers: WEBAPP })).json();
    const restored = await page.request.put('/api/space_parameters', {
      headers: WEBAPP,
      data: { name: original, address: stored.address, referral_reseller: stored.referral_reseller },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('a member with the plain PCO role reads what the role allows instead of error 403', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const { lang, t, mobile } = language();
  const email = `plain.${mobile ? 'm' : 'd'}${Date.now().toString(36)}@e2e.example`;
  await loginAs('owner');
  const me = await (await page.request.get('/api/me', { headers: WEBAPP })).json();
  const startedAt = Date.now();
  const invited = await page.request.post('/api/invite_pcos/send', {
    headers: WEBAPP,
    data: { invites: [{ email, role: 'ROLE_PCO_SPACE_USER', lang }] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(email, { template: 'invitation', since: startedAt });
  const token = new URL(linkIn(mail, '/activation')).searchParams.get('token') ?? '';
  await page.context().clearCookies();
  const activated = await page.request.post(`/api/invite_pcos/new-user/${token}`, {
    headers: WEBAPP,
    data: { firstname: 'Inès', lastname: 'Marchetti', new_password: PLAIN_PASSWORD, timezone: 'Europe/Paris' },
  });
  expect(activated.status(), await activated.text()).toBeLessThan(300);
  const login = await page.request.post('/security/token/request', {
    headers: WEBAPP,
    data: { email, password: PLAIN_PASSWORD, _remember_me: false },
  });
  expect(login.status(), await login.text()).toBeLessThan(300);

  await page.goto(inLang('/', lang));
  // its texts load on demand: the first screen of a fresh session on a busy machine may take a while
  await expect(
    page.getByRole('heading', { level: 1, name: t('users:plainMember.title', { space: me.pco.name }) }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/(\?|$)/);
  await expect(page.getByText(t('users:plainMember.canDoTitle'))).toBeVisible();
  const menu = await sideMenu(page, t, mobile);
  await expect(menu.getByRole('link')).toHaveCount(1);
  await expect(menu.getByRole('link', { name: t('layout:menu.home') })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page, 'Plain PCO member page');
  await screenshot(page, `rough-edges-03-plain-member-${lang}`, { fullPage: !mobile });

  // a PCO screen answers 403, and 'back to home' comes back here instead of looping
  await page.goto(inLang('/planning', lang));
  await expect(page).toHaveURL(/\/error\/403/);
  await page.getByRole('link', { name: t('layout:errorPage.home') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: t('users:plainMember.title', { space: me.pco.name }) }),
  ).toBeVisible();
  await page.goto(inLang('/', mobile ? 'fr' : 'ja'));
  await expect(page.getByText(translator(mobile ? 'fr' : 'ja')('users:plainMember.canDoTitle'))).toBeVisible();
  await screenshot(page, `rough-edges-03-plain-member-${mobile ? 'fr' : 'ja'}`);
});

test('another space’s client opened by URL goes to the Error screen 404', async ({ page, loginAs }) => {
  const { lang, t } = language();
  await loginAs('owner2');
  const clients = await (await page.request.get('/api/clients?itemsPerPage=1', { headers: WEBAPP })).json();
  const foreign: string = clients['hydra:member'][0].ulid;
  await page.context().clearCookies();
  await loginAs('owner');
  await page.goto(inLang(`/clients?client=${foreign}`, lang));
  await expect(page).toHaveURL(/\/error\/404/);
  await expect(page.getByRole('heading', { name: t('errors:404') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Error 404 for another space’s client');
  await screenshot(page, `rough-edges-04-foreign-client-404-${lang}`);
});

test('with ?lang= the profile’s language selector shows the language in use', async ({ page, loginAs }) => {
  const { lang, t } = language();
  await loginAs('owner');
  const me = await (await page.request.get('/api/me', { headers: WEBAPP })).json();
  // the link's language differs from the saved one
  const shown: Lang = me.lang === lang ? 'en' : lang;
  const tr = shown === lang ? t : translator(shown);
  await page.goto(inLang('/home', shown));
  await page
    .getByRole('banner')
    .getByRole('button', { name: `${me.firstname} ${me.lastname}`, exact: true })
    .click();
  await page.getByRole('menuitem', { name: tr('profile:menu.myProfile') }).click();
  const dialog = page.getByRole('dialog', { name: tr('profile:panel.title') });
  await expect(dialog.getByRole('button', { name: new RegExp(tr('profile:panel.language')) })).toContainText(
    tr(`enums:language_native.${shown}`),
  );
  await expectNoSeriousA11yViolations(page, 'Profile panel in the link’s language');
  await screenshot(page, `rough-edges-05-profile-language-${shown}`, { fullPage: false });
});
