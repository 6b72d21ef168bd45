/**
 * Issue 14 "rough edges" of the forms and lists, at 1280 px (desktop) and 390 px (mobile), axe clean:
 * the intervention panel keeps its text after Escape in a picker and asks before closing with changes (SPEC §2.5);
 * the end date is reset to start + 1 h when the end field is left before the start (SPEC §4); the picker's active
 * option stays visible after many ArrowDowns (ADR 016); the sites filters survive a trip to another screen (SPEC §3);
 * Cancel on a client form with changes asks and keeps the text when the user declines; the report panel keeps its text
 * after Escape (both in French and Japanese, with screenshots).
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';
import { type Lang, translator } from '../fixtures/i18n';

const WEBAPP_HEADERS = { 'Client-Type': 'webapp', 'Accept-Language': 'en' };

async function openNewVisit(page: Page) {
  await page.goto('/planning?lang=en');
  await page.getByRole('button', { name: 'New visit' }).first().click();
  const panel = page.getByRole('dialog', { name: 'New visit' });
  await expect(panel.getByRole('combobox', { name: 'Client' })).toBeVisible();
  return panel;
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs('owner');
});

test('the intervention panel keeps what was typed and asks before closing with changes', async ({ page }) => {
  const panel = await openNewVisit(page);
  const instructions = panel.getByRole('textbox', { name: 'Instructions for the technicians' });
  await instructions.fill('Check the bait stations in the cellar');

  // Escape in an open picker closes the picker only
  const client = panel.getByRole('combobox', { name: 'Client' });
  await client.click();
  await client.pressSequentially('a');
  await expect(client).toHaveAttribute('aria-expanded', 'true');
  await client.press('Escape');
  await expect(client).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeVisible();
  await expect(instructions).toHaveValue('Check the bait stations in the cellar');

  // Escape on the form with changes asks; keeping goes back to the text
  await instructions.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Discard changes dialog');
  await screenshot(page, 'forms-01-discard-changes', { fullPage: false });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(instructions).toHaveValue('Check the bait stations in the cellar');

  // the close button asks too; discarding closes the panel
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(panel).toBeHidden();
});

test('an end typed before the start is reset to start + 1 h when the field is left', async ({ page }) => {
  const panel = await openNewVisit(page);
  const hours = panel.getByRole('spinbutton', { name: /hour/i });
  const days = panel.getByRole('spinbutton', { name: /day/i });
  const startHour = await hours.nth(0).getAttribute('aria-valuenow');
  const startDay = Number(await days.nth(0).getAttribute('aria-valuenow'));
  const end = { hour: hours.nth(1), day: days.nth(1) };
  const endHour = await end.hour.getAttribute('aria-valuenow');
  const endDay = await end.day.getAttribute('aria-valuenow');
  // the end a day earlier: before the start (kept while typing)
  await end.day.click();
  await end.day.press('ArrowDown');
  await expect(end.day).not.toHaveAttribute('aria-valuenow', endDay ?? '');
  // leaving the field resets it to start + 1 h
  await panel.getByRole('textbox', { name: 'Instructions for the technicians' }).click();
  await expect(end.hour).toHaveAttribute('aria-valuenow', endHour ?? '');
  await expect(end.day).toHaveAttribute('aria-valuenow', endDay ?? '');
  expect(startHour).not.toBeNull();
  expect(startDay).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page, 'Intervention panel');
  await screenshot(page, 'forms-02-end-reset', { fullPage: false });
});

test('the active option of a picker stays visible after many ArrowDowns', async ({ page }) => {
  const panel = await openNewVisit(page);
  const client = panel.getByRole('combobox', { name: 'Client' });
  await client.click();
  const options = panel.getByRole('option');
  await expect(options.first()).toBeVisible();
  for (let i = 0; i < 15; i++) await client.press('ArrowDown');
  const activeId = await client.getAttribute('aria-activedescendant');
  expect(activeId).toBeTruthy();
  await expect(page.locator(`[id="${activeId}"]`)).toBeInViewport();
  await client.press('End');
  const lastId = await client.getAttribute('aria-activedescendant');
  await expect(page.locator(`[id="${lastId}"]`)).toBeInViewport();
  await client.press('Home');
  await expect(options.first()).toBeInViewport();
  await screenshot(page, 'forms-03-picker-scrolled', { fullPage: false });
});

test('the sites filters survive a trip to another screen', async ({ page }) => {
  await page.goto('/sites?status=STATUS_CHECK&order=name_desc');
  await expect(page).toHaveURL(/status=STATUS_CHECK/);
  await expect(page.getByRole('heading', { name: 'Sites', exact: true })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/sites');
  await expect(page).toHaveURL(/status=STATUS_CHECK/);
  await expect(page).toHaveURL(/order=name_desc/);
  await expectNoSeriousA11yViolations(page, 'Sites with kept filters');
  await screenshot(page, 'forms-04-sites-kept-filters');
});

for (const lang of ['fr', 'ja'] as const satisfies readonly Lang[]) {
  test(`Cancel on a changed client form asks, and keeps the text when the user declines (${lang})`, async ({
    page,
  }) => {
    const t = translator(lang);
    await page.goto(`/clients?lang=${lang}`);
    await page
      .getByRole('button', { name: t('clients:actions.newClient') })
      .first()
      .click();
    const panel = page.getByRole('dialog', { name: t('clients:form.createTitle') });
    const name = panel.getByRole('textbox', { name: t('clients:form.name') });
    await name.fill('Résidence des Termites');
    await panel.getByRole('button', { name: t('common:actions.cancel'), exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: t('common:unsavedChanges.title') });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(t('common:unsavedChanges.message'));
    await expectNoSeriousA11yViolations(page, `Cancel on a changed client form (${lang})`);
    await screenshot(page, `forms-05-cancel-asks-${lang}`, { fullPage: false });
    await ask.getByRole('button', { name: t('common:unsavedChanges.keep') }).click();
    await expect(ask).toBeHidden();
    await expect(name).toHaveValue('Résidence des Termites');

    // declining again, then discarding: the panel closes and nothing was created
    await panel.getByRole('button', { name: t('common:actions.cancel'), exact: true }).click();
    await ask.getByRole('button', { name: t('common:unsavedChanges.discard') }).click();
    await expect(panel).toBeHidden();
    // unchanged, Cancel closes at once
    await page
      .getByRole('button', { name: t('clients:actions.newClient') })
      .first()
      .click();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: t('common:actions.cancel'), exact: true }).click();
    await expect(panel).toBeHidden();
    await expect(ask).toBeHidden();
  });

  test(`the report panel keeps what was typed after Escape (${lang})`, async ({ page }) => {
    const t = translator(lang);
    const list = await page.request.get('/api/reports?status=to_process', { headers: WEBAPP_HEADERS });
    expect(list.status()).toBe(200);
    const first = ((await list.json())['hydra:member'] as { ulid: string; site: { name: string } }[])[0];
    expect(first, 'the demo has a report to process').toBeTruthy();
    await page.goto(`/reports?report=${first?.ulid}&lang=${lang}`);
    const panel = page.getByRole('dialog', { name: first?.site.name });
    await panel.getByRole('button', { name: t('reports:screen.actions.edit') }).click();
    const form = page.getByRole('form', { name: t('reports:screen.edit.title') });
    const summary = form.getByRole('textbox', { name: t('reports:pdf.summary') });
    await summary.fill('Galeries actives sous le plancher de la cuisine');
    await summary.press('Escape');
    const ask = page.getByRole('alertdialog', { name: t('common:unsavedChanges.title') });
    await expect(ask).toBeVisible();
    await expectNoSeriousA11yViolations(page, `report panel, discard changes (${lang})`);
    await screenshot(page, `forms-06-report-escape-${lang}`, { fullPage: false });
    await ask.getByRole('button', { name: t('common:unsavedChanges.keep') }).click();
    await expect(ask).toBeHidden();
    await expect(summary).toHaveValue('Galeries actives sous le plancher de la cuisine');

    // Cancel asks too, then goes back to reading the report as it was
    await page.getByRole('button', { name: t('common:actions.cancel'), exact: true }).click();
    await ask.getByRole('button', { name: t('common:unsavedChanges.discard') }).click();
    await expect(form).toBeHidden();
    await expect(panel.getByRole('button', { name: t('reports:screen.actions.edit') })).toBeVisible();
    await expect(panel.getByText('Galeries actives sous le plancher de la cuisine')).toHaveCount(0);
  });
}
