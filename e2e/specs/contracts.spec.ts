/**
 * Issue 13 acceptance: "create a contract with a monthly visit rule and see the visits appear in Planning", at 1280 px
 * (desktop) and 390 px (mobile), in French. The owner opens a demo site, adds a contract starting tomorrow with a
 * monthly control visit; saving it plans the visits due in the next 30 days at once (what the daily job does each
 * night); the first one shows in the planning. axe finds no serious or critical violation on these screens.
 */
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';

/** `YYYY-MM-DD` of today + `days` in Paris (the demo owner's zone). */
function parisDay(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(date);
}

test('a PCO owner adds a contract with a monthly visit rule and finds its first visit in the planning', async ({
  page,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name === 'mobile' ? 'M' : 'D'}${Date.now().toString(36).slice(-5)}`;
  const reference = `CT-E2E-${tag}`;
  await loginAs('owner');

  // --- a demo site's page ------------------------------------------------------------------------------------------
  await page.goto('/sites?lang=fr');
  const firstSite = page.locator('main a[href^="/sites/"]:visible').first();
  const siteName = (await firstSite.innerText()).split('\n')[0]?.trim() ?? '';
  await firstSite.click();
  await expect(page.getByRole('heading', { name: siteName }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contrats' })).toBeVisible();

  // --- the contract form: reference, dates, a monthly control visit (the default rule) ----------------------------
  await page.getByRole('button', { name: 'Nouveau contrat' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByRole('heading', { name: 'Nouveau contrat' })).toBeVisible();
  await form.getByRole('textbox', { name: 'Référence' }).fill(reference);
  for (const [label, day] of [
    ['Date de début', parisDay(1)],
    ['Date de fin', parisDay(366)],
  ] as const) {
    const [year, month, date] = day.split('-');
    await form.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`${date}${month}${year}`);
  }
  await expect(form.getByRole('button', { name: /Toutes les N semaines ou N mois/ })).toBeVisible();
  await form.getByRole('textbox', { name: 'Prix' }).fill('480');
  await expectNoSeriousA11yViolations(page, 'Contract form');
  await screenshot(page, 'contracts-01-form', { fullPage: false });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Contrat ${reference} créé`)).toBeVisible();
  const row = page.locator('main').getByRole('listitem').filter({ hasText: reference });
  await expect(row).toContainText('Une visite de contrôle chaque mois');
  await expect(row).toContainText('En cours');
  await expectNoSeriousA11yViolations(page, 'Site detail with its contract');
  await screenshot(page, 'contracts-02-site');

  // --- its first visit, due tomorrow, is in the planning --------------------------------------------------------------
  await page.goto(`/planning?start_date=${parisDay(1)}`);
  const planned = page.getByRole('listitem').filter({ hasText: siteName }).filter({ hasText: 'Visite de contrôle' });
  await expect(planned.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Planning with the contract visit');
  await screenshot(page, 'contracts-03-planning');
});
