/**
 * SPEC §3 "Intervention" `send_mail`, §7 "Interventions" (`DELETE …?send_mail=`), issue 3 "Mail": scheduling,
 * changing or cancelling a visit with `send_mail` e-mails the site's main contact (else the client's primary
 * contact) in the actor's language, with the dates in the actor's time zone; without it, nobody is written to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';
import { setAccountLanguage } from '../../../test/me-factories.js';
import { clientContacts, contacts, siteContacts } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { newUlid } from '../../platform/ids.js';
import { addClient, addSite } from './interventions.fixtures.js';

let t: TestApp;
let spaceId: string;
let cookie: string;
let technicianIri: string;
let client: string;
let siteWithContact: string;
let siteWithoutContact: string;
let quietSite: string;
let lonelyClient: string;
let lonelyClientSite: string;

/** A contact of the space with `email`; returns its id. */
async function addContact(db: Db, email: string): Promise<string> {
  const id = newUlid();
  await db.insert(contacts).values({
    id,
    spaceId,
    firstname: 'Jeanne',
    lastname: 'Roux',
    phone: '+33 5 56 00 00 00',
    email,
    title: 'Gérante',
  });
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  spaceId = await createSpace(t.db, 'pco', { name: 'Termites Océan', logo: 'https://cdn.example/ocean.png' });
  // the actor writes Italian and lives in Tokyo: the mail follows both
  const owner = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER', { timezone: 'Asia/Tokyo' });
  await setAccountLanguage(t.db, owner.accountId, 'it');
  cookie = await login(t.app, owner.email);
  technicianIri = (await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN')).iri;

  client = await addClient(t.db, spaceId, 'Villa Les Pins');
  const primary = await addContact(t.db, 'primary@pins.example');
  await t.db.insert(clientContacts).values({ id: newUlid(), clientId: client, contactId: primary, isPrimary: true });
  siteWithContact = await addSite(t.db, spaceId, client, { name: 'Pool house' });
  const onSite = await addContact(t.db, 'gardien@pins.example');
  await t.db.insert(siteContacts).values({ id: newUlid(), siteId: siteWithContact, contactId: onSite });
  siteWithoutContact = await addSite(t.db, spaceId, client, { name: 'Garage' });
  quietSite = await addSite(t.db, spaceId, client, { name: 'Cabanon' });
  await t.db
    .insert(siteContacts)
    .values({ id: newUlid(), siteId: quietSite, contactId: await addContact(t.db, 'quiet@pins.example') });
  lonelyClient = await addClient(t.db, spaceId, 'Sans contact');
  lonelyClientSite = await addSite(t.db, spaceId, lonelyClient, { name: 'Hangar' });
});
afterAll(() => t.close());

const visit = (site: string, overrides: Record<string, unknown> = {}) => ({
  client: `/api/clients/${client}`,
  site: `/api/sites/${site}`,
  type: 'TYPE_CONTROL_VISIT',
  interveners: [technicianIri],
  start_at: '2030-06-10 09:00:00',
  end_at: '2030-06-10 11:30:00',
  description: 'Accès par le portail <nord>',
  send_mail: true,
  ...overrides,
});
const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/interventions', headers: as(cookie), payload });

describe('send_mail', () => {
  it('e-mails the site contact when a visit is scheduled, in the actor language and time zone', async () => {
    const response = await post(visit(siteWithContact));
    expect(response.statusCode).toBe(201);
    const mail = await t.mailbox.waitFor('gardien@pins.example', { template: 'intervention_scheduled' });
    expect(mail.subject).toBe('Intervento programmato per lunedì 10 giugno 2030 alle ore 09:00');
    expect(mail.text).toContain('Termites Océan ha programmato un intervento presso il sito Pool house.');
    expect(mail.text).toContain('Cliente: Villa Les Pins');
    expect(mail.text).toContain('Tipo di intervento: Visita di controllo');
    expect(mail.text).toContain('Fine: 11:30');
    expect(mail.html).toContain('Accès par le portail &lt;nord&gt;');
    expect(mail.html).toContain('src="https://cdn.example/ocean.png"');
  });

  it('writes to nobody without send_mail', async () => {
    expect((await post(visit(quietSite, { send_mail: false }))).statusCode).toBe(201);
    // the queue is first in, first out: once a later mail arrived, an earlier one would have too
    expect((await post(visit(siteWithContact, { type: 'TYPE_PRE_VISIT' }))).statusCode).toBe(201);
    await t.mailbox.waitFor('gardien@pins.example', { template: 'intervention_scheduled' });
    expect((await t.mailbox.all()).filter((m) => m.to.includes('quiet@pins.example'))).toEqual([]);
  });

  it('falls back to the client primary contact; a visit with nobody to write to is still scheduled', async () => {
    expect((await post(visit(siteWithoutContact))).statusCode).toBe(201);
    const mail = await t.mailbox.waitFor('primary@pins.example', { template: 'intervention_scheduled' });
    expect(mail.text).toContain('presso il sito Garage');
    const lonely = await post(visit(lonelyClientSite, { client: `/api/clients/${lonelyClient}` }));
    expect(lonely.statusCode).toBe(201);
  });

  it('e-mails the change on an update and the cancellation on a delete with send_mail=true', async () => {
    const created = (await post(visit(siteWithContact, { send_mail: false }))).json();
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/interventions/${created.ulid}`,
      headers: as(cookie),
      payload: visit(siteWithContact, { start_at: '2030-06-12 14:00:00', end_at: '2030-06-13 10:00:00' }),
    });
    expect(updated.statusCode).toBe(200);
    const changed = await t.mailbox.waitFor('gardien@pins.example', { template: 'intervention_changed' });
    expect(changed.subject).toBe('Intervento modificato: mercoledì 12 giugno 2030 alle ore 14:00');
    expect(changed.text).toContain('Fine: giovedì 13 giugno 2030 alle ore 10:00');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/interventions/${created.ulid}?send_mail=true`,
      headers: as(cookie),
    });
    expect(deleted.statusCode).toBe(204);
    const cancelled = await t.mailbox.waitFor('gardien@pins.example', { template: 'intervention_cancelled' });
    expect(cancelled.subject).toBe('Intervento annullato: mercoledì 12 giugno 2030 alle ore 14:00');
    expect(cancelled.text).toContain('Pool house');
  });
});
