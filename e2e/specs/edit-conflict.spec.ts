/**
 * Issue 16 "Concurrent users", optimistic concurrency (docs/decisions/024): a client's edit form is open when someone
 * else renames the client; saving answers 412, the form keeps what was typed and says so; loading the latest version
 * asks first, then shows the other person's name; the save made from it passes.
 */
import { expect, test } from '../fixtures';
import { translator } from '../fixtures/i18n';

const WEBAPP_HEADERS = { 'Client-Type': 'webapp', 'Accept-Language': 'en' };

test('two people editing one client: the second save answers a clear conflict, not last-writer-wins', async ({
  page,
  loginAs,
}) => {
  const t = translator('en');
  await loginAs('owner');
  const stamp = Date.now();
  const created = await page.request.post('/api/client_contacts', {
    headers: WEBAPP_HEADERS,
    data: {
      client: { name: `Conflit ${stamp}`, company: true },
      contact: {
        lastname: 'Dupont',
        firstname: 'Jean',
        email: `conflit.${stamp}@example.fr`,
        title: 'Gérant',
        phone: '+33 6 12 34 56 78',
        notes: null,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { client, contact } = await created.json();

  await page.goto(`/clients?lang=en&client=${client.ulid}`);
  await page.getByRole('button', { name: t('clients:actions.editClient') }).click();
  const panel = page.getByRole('dialog', { name: t('clients:form.editTitle') });
  const name = panel.getByRole('textbox', { name: t('clients:form.name') });
  await expect(name).toHaveValue(`Conflit ${stamp}`);

  // the other person saves first (a merge patch made from the version they read)
  const read = await page.request.get(`/api/clients/${client.ulid}`, { headers: WEBAPP_HEADERS });
  const other = await page.request.patch(`/api/client_contacts/${contact.client_contact_ulid}`, {
    headers: {
      ...WEBAPP_HEADERS,
      'Content-Type': 'application/merge-patch+json',
      'If-Match': read.headers().etag ?? '',
    },
    data: { client: { name: `Conflit ${stamp} (siège)` } },
  });
  expect(other.status(), await other.text()).toBe(200);

  await name.fill(`Conflit ${stamp} Ouest`);
  await panel.getByRole('button', { name: t('common:actions.save') }).click();
  await expect(panel.getByText(t('common:editConflict.title'))).toBeVisible();
  await expect(panel.getByText(t('common:editConflict.message'))).toBeVisible();
  await expect(name).toHaveValue(`Conflit ${stamp} Ouest`);

  await panel.getByRole('button', { name: t('common:editConflict.reload') }).click();
  const ask = page.getByRole('alertdialog', { name: t('common:unsavedChanges.title') });
  await ask.getByRole('button', { name: t('common:unsavedChanges.discard') }).click();
  await expect(name).toHaveValue(`Conflit ${stamp} (siège)`);
  await expect(panel.getByText(t('common:editConflict.title'))).toBeHidden();

  await name.fill(`Conflit ${stamp} Est`);
  await panel.getByRole('button', { name: t('common:actions.save') }).click();
  await expect(panel).toBeHidden();
  const after = await page.request.get(`/api/clients/${client.ulid}`, { headers: WEBAPP_HEADERS });
  expect((await after.json()).name).toBe(`Conflit ${stamp} Est`);
});
