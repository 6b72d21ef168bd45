/** Smoke: the server answers, the login screen is usable and accessible, a PCO owner reaches /home (SPEC §2.1–2.2). */
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';

test('/healthz answers ok', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.ok()).toBe(true);
});

test('the login page renders and is axe-clean', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[type="email"]')).toBeVisible();
  await expect(page.locator('input[type="password"]')).toBeVisible();
  await expect(page.locator('form button[type="submit"]')).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'the login page');
  await screenshot(page, 'login');
});

test('a PCO owner logging in through the form lands on /home', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[type="email"]').fill(DEMO_ACCOUNTS.owner);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/home$/);
  await screenshot(page, 'home');
});

test('loginAs() authenticates the page through the API', async ({ page, loginAs }) => {
  await loginAs('owner');
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});
