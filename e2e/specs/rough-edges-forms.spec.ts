/**
 * Issue 14 "rough edges" of the forms and lists, at 1280 px (desktop) and 390 px (mobile), axe clean:
 * the intervention panel keeps its text after Escape in a picker and asks before closing with changes (SPEC §2.5);
 * the end date is reset to start + 1 h when the end field is left before the start (SPEC §4); the picker's active
 * option stays visible after many ArrowDowns (ADR 016); the sites filters survive a trip to another screen (SPEC §3).
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';

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
