/**
 * Client import (issue 13): a spreadsheet of 200 clients, 5 of them with a bad e-mail, goes through the wizard from
 * the clients list — file, sheet, columns, check (summary and errors per cell), start — the progress shows, the
 * report counts 195 clients created and 5 refused, and the refused rows download as CSV with their error in French.
 * Desktop and mobile; no serious axe violation on the check and report screens.
 */
import { readFileSync } from 'node:fs';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures';
import { translator } from '../fixtures/i18n';

/** The demo PCO owner works in French. */
const t = translator('fr');

const HEADER = ['Nom du client', 'Nom', 'Prénom', 'Téléphone', 'E-mail', 'Fonction', 'Ville'];

/** 200 rows named after `tag` (one file per project: the two runs share the database); rows 7, 47 … have a bad e-mail. */
function spreadsheet(tag: string): Buffer {
  const rows = Array.from({ length: 200 }, (_, i) => [
    `Client import ${tag} ${String(i + 1).padStart(3, '0')}`,
    'Martin',
    'Élodie',
    `+33 5 ${tag === 'desktop' ? '56' : '57'} ${String(Math.floor(i / 100)).padStart(2, '0')} ${String(i % 100).padStart(2, '0')} 11`,
    i % 40 === 6 ? 'pas-une-adresse' : `elodie.${tag}.${i + 1}@exemple.fr`,
    'Gérante',
    'Bordeaux',
  ]);
  return Buffer.from(`${[HEADER, ...rows].map((row) => row.join(';')).join('\r\n')}\r\n`, 'utf8');
}

test('imports 200 clients with 5 bad rows, shows the progress and gives the refused rows', async ({
  page,
  loginAs,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = testInfo.project.name;
  await loginAs('owner');
  await page.goto('/clients');
  await page.getByRole('link', { name: t('clients:actions.import') }).click();
  await expect(page).toHaveURL(/\/clients\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: t('clientImport:title') })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: `clients-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: spreadsheet(tag),
  });
  await expect(page.getByText(t('clientImport:upload.detected', { encoding: 'UTF-8', delimiter: ';' }))).toBeVisible();
  await expect(page).toHaveURL(/import=[0-9A-Z]{26}&step=sheet/);

  await page.getByRole('button', { name: t('clientImport:actions.next') }).click();
  await expect(page.getByText(t('clientImport:mapping.intro'))).toBeVisible();
  await page.getByRole('button', { name: t('clientImport:actions.next') }).click();

  await expect(page.getByText(t('clientImport:check.willCreate_other', { count: 195 }))).toBeVisible();
  await expect(page.getByText(t('clientImport:check.willRefuse_other', { count: 5 }))).toBeVisible();
  const errors = page.getByTestId('import-errors');
  await expect(errors.getByRole('row')).toHaveCount(6);
  await expect(errors.getByText(t('errors:email_invalid')).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, `client import check (${tag})`);

  await page.getByRole('button', { name: t('clientImport:check.start') }).click();
  await expect(page.getByRole('progressbar', { name: t('clientImport:run.progress') })).toBeVisible();
  const url = page.url();
  await expect(page.getByText(t('clientImport:run.done'))).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(t('clientImport:run.created_other', { count: 195 }))).toBeVisible();
  await expect(page.getByText(t('clientImport:run.refused_other', { count: 5 }))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `client import report (${tag})`);

  // the report survives a reload: the import is in the URL
  await page.goto(url);
  await expect(page.getByText(t('clientImport:run.created_other', { count: 195 }))).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('clientImport:run.downloadRefused') }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines).toHaveLength(6);
  expect(lines[0]).toBe(`${HEADER.join(';')};${t('clientImport:refusedError')}`);
  expect(lines[1]).toContain(t('errors:email_invalid'));
  expect(lines[1]).toContain(`Client import ${tag} 007`);

  // the clients are in the list
  await page.goto(`/clients?search=${encodeURIComponent(`Client import ${tag} 001`)}`);
  await expect(page.getByRole('button', { name: `Client import ${tag} 001` })).toBeVisible();
});
