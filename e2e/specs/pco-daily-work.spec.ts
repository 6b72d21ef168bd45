/**
 * Issue 2 acceptance: a PCO owner's day of office work, in French then Japanese, at 1280 px (desktop) and 390 px
 * (mobile). Log in; find a client through the global search (SPEC §2.4); create a client with a primary and an
 * alternative contact; create a site for it; schedule a control visit through the intervention panel from the site
 * (SPEC §2.5), first with a start date in the past (translated `start_at_invalid`), then a valid one; see the visit in
 * the planning and on Home. axe finds no serious or critical violation on any of these screens.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, screenshot, test } from '../fixtures';

test('a PCO owner finds a client, records a new one with a site and schedules a visit', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const mobile = testInfo.project.name === 'mobile';
  // both projects share one server and database: names unique to this run
  const tag = `${testInfo.project.name === 'mobile' ? 'M' : 'D'}${Date.now().toString(36).slice(-5)}`;
  const clientName = `Résidence Les Tamaris ${tag}`;
  const siteName = `Pavillon du parc ${tag}`;

  // --- log in through the form, in French ---------------------------------------------------------------------------
  await page.goto('/login?lang=fr');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Login');
  await screenshot(page, '01-login');
  await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.owner);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Prochaines interventions' })).toBeVisible();

  // --- global search: pick a client, land on its card in Clients ------------------------------------------------------
  const search = page.getByRole('combobox', { name: 'Rechercher des clients' });
  await search.fill('Boulangerie');
  const option = page.getByRole('option', { name: /Boulangerie Martin/ });
  await expect(option).toBeVisible();
  await expect(option.locator('mark')).toHaveText(/Boulangerie/i);
  await screenshot(page, '02-global-search');
  await option.click();
  await expect(page).toHaveURL(/\/clients\?.*(defaultSelectedClientUlid|client)=/);
  await expect(page.getByRole('heading', { name: 'Boulangerie Martin' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Clients with a selected client');
  await screenshot(page, '03-client-found');

  // --- create a client with a primary and an alternative contact ------------------------------------------------------
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  const clientForm = page.getByRole('dialog');
  await expect(clientForm.getByRole('heading', { name: 'Nouveau client' })).toBeVisible();
  await clientForm.getByLabel('Nom du client').fill(clientName);
  const main = clientForm.getByRole('group', { name: 'Contact principal' });
  await main.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lambert');
  await main.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Élise');
  await main.getByRole('textbox', { name: 'Fonction', exact: true }).fill('Syndic');
  await main.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('+33 6 12 34 56 78');
  await main
    .getByRole('textbox', { name: 'E-mail', exact: true })
    .fill(`elise.lambert.${tag.toLowerCase()}@example.fr`);
  await clientForm.getByRole('button', { name: 'Ajouter un contact secondaire' }).click();
  const alternative = clientForm.getByRole('group', { name: 'Contact secondaire 1' });
  await alternative.getByRole('textbox', { name: 'Nom', exact: true }).fill('Rousseau');
  await alternative.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Marc');
  await alternative.getByRole('textbox', { name: 'Fonction', exact: true }).fill('Gardien');
  await alternative.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('+33 5 56 00 11 22');
  await alternative
    .getByRole('textbox', { name: 'E-mail', exact: true })
    .fill(`marc.rousseau.${tag.toLowerCase()}@example.fr`);
  await expectNoSeriousA11yViolations(page, 'New client form');
  await screenshot(page, '04-client-form');
  await clientForm.getByRole('button', { name: 'Créer le client' }).click();
  await expect(clientForm).toBeHidden();
  const card = page.getByRole('region', { name: clientName });
  await expect(card.getByRole('heading', { name: clientName })).toBeVisible();
  await expect(card.getByText('Élise Lambert', { exact: false })).toBeVisible();
  await expect(card.getByText('Marc Rousseau', { exact: false })).toBeVisible();
  await screenshot(page, '05-client-created');

  // --- create a site for it ------------------------------------------------------------------------------------------
  await card
    .getByRole('link', { name: 'Ajouter un site' })
    .or(card.getByRole('button', { name: 'Ajouter un site' }))
    .click();
  await expect(page).toHaveURL(/\/sites\?createForClient=/);
  const siteForm = page.getByRole('dialog');
  await expect(siteForm.getByRole('heading', { name: 'Nouveau site' })).toBeVisible();
  await siteForm.getByLabel('Nom du site').fill(siteName);
  await siteForm.getByLabel('Rue').fill('14 allée des Pins');
  await siteForm.getByLabel('Code postal').fill('33600');
  await siteForm.getByLabel('Ville').fill('Pessac');
  await siteForm.getByLabel('Latitude').fill('44.806520');
  await siteForm.getByLabel('Longitude').fill('-0.631510');
  await siteForm.getByLabel('Surface').fill('240');
  const referent = siteForm.getByRole('combobox', { name: 'Technicien référent' });
  await referent.fill('Moreau');
  await page.getByRole('option', { name: /Lucas Moreau/ }).click();
  await screenshot(page, '06-site-form');
  await siteForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(siteForm).toBeHidden();

  // --- the site's page: schedule a control visit through the panel ----------------------------------------------------
  await page.goto(`/sites?name=${encodeURIComponent(siteName)}`);
  await page.getByRole('link', { name: siteName }).first().click();
  await expect(page.getByRole('heading', { name: siteName })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Site detail');
  await screenshot(page, '07-site-detail');
  await page
    .getByRole('button', { name: /Planifier (une|la première) visite/ })
    .first()
    .click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Nouvelle intervention' })).toBeVisible();
  // client and site come pre-selected (and locked) from the site
  await expect(panel.getByRole('combobox', { name: 'Client' })).toHaveValue(clientName);
  await expect(panel.getByRole('combobox', { name: 'Site' })).toHaveValue(siteName);
  await panel.getByText('Visite de contrôle', { exact: true }).click();
  await expect(panel.getByRole('radio', { name: 'Visite de contrôle' })).toBeChecked();
  await panel.getByRole('combobox', { name: 'Techniciens' }).fill('Moreau');
  await page.getByRole('option', { name: /Lucas Moreau/ }).click();

  // a start one year in the past is refused with the translated error
  const start = panel.getByRole('group', { name: 'Début' });
  const year = start.getByRole('spinbutton', { name: /année/i });
  await year.focus();
  await page.keyboard.press('ArrowDown');
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel.getByText('La date de début ne peut pas être antérieure à la date actuelle.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Intervention panel with an error');
  await screenshot(page, '08-panel-start-error');

  // back to the default start (the next full hour): saved, the panel closes
  await year.focus();
  await page.keyboard.press('ArrowUp');
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel).toBeHidden();

  // --- the visit shows in the planning and on Home --------------------------------------------------------------------
  await page.goto(`/planning`);
  const planned = page.getByRole('listitem').filter({ hasText: siteName });
  await expect(planned).toHaveCount(1);
  await expect(planned).toContainText('Visite de contrôle');
  await expect(planned).toContainText(clientName);
  await expectNoSeriousA11yViolations(page, 'Planning');
  await screenshot(page, '09-planning');

  await page.goto('/home');
  await expect(page.getByText(siteName).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Home');
  await screenshot(page, '10-home');

  // --- Japanese labels ---------------------------------------------------------------------------------------------
  await page.goto('/planning?lang=ja');
  await expect(page.getByRole('heading', { name: 'スケジュール' }).first()).toBeVisible();
  await expect(page.getByText(siteName).first()).toBeVisible();
  if (!mobile) await expect(page.getByRole('navigation').getByRole('link', { name: '顧客' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Planning in Japanese');
  await screenshot(page, '11-planning-ja');
});
