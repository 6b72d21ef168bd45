/**
 * SPEC §3 "Intervention" `send_mail`, §7 "Interventions" (`DELETE …?send_mail=`), issue 3 "Mail": scheduling,
 * changing or cancelling a visit with `send_mail` e-mails its technicians (the interveners) — one mail each, in
 * THEIR language and with the dates in THEIR time zone, naming the site, its address and the person to meet there.
 * An update tells removed technicians the visit is cancelled for them and added ones that it is scheduled. Members
 * no longer active, the customer's contacts and the actor (unless an intervener) are not written to; without
 * `send_mail`, nobody is.
 */
import type { Language } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, type TestMember } from '../../../test/factories.js';
import { setAccountLanguage } from '../../../test/me-factories.js';
import { setMemberState } from '../../../test/users-factories.js';
import { clientContacts, contacts, siteContacts } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { newUlid } from '../../platform/ids.js';
import { addClient, addSite } from './interventions.fixtures.js';

let t: TestApp;
let spaceId: string;
let cookie: string;
let ownerEmail: string;
/** Technicians: Italian in Rome, Japanese in Tokyo, English in New York (the actor is French, in Paris). */
let marco: TestMember;
let yuki: TestMember;
let paul: TestMember;
let client: string;
let siteWithContact: string;
let siteWithoutContact: string;
let lonelyClient: string;
let lonelyClientSite: string;

/** A contact of the space; returns its id. */
async function addContact(db: Db, values: { firstname: string; lastname: string; email: string }): Promise<string> {
  const id = newUlid();
  await db.insert(contacts).values({ id, spaceId, phone: '+33 5 56 00 00 00', title: 'Gérante', ...values });
  return id;
}

/** An active technician of the space writing `lang` and living in `timezone`. */
async function technician(email: string, lang: Language, timezone: string): Promise<TestMember> {
  const member = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { email, timezone });
  await setAccountLanguage(t.db, member.accountId, lang);
  return member;
}

beforeAll(async () => {
  t = await buildTestApp();
  spaceId = await createSpace(t.db, 'pco', { name: 'Termites Océan', logo: 'https://cdn.example/ocean.png' });
  const owner = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER', { timezone: 'Europe/Paris' });
  ownerEmail = owner.email;
  cookie = await login(t.app, owner.email);
  marco = await technician('marco@ocean.example', 'it', 'Europe/Rome');
  yuki = await technician('yuki@ocean.example', 'ja', 'Asia/Tokyo');
  paul = await technician('paul@ocean.example', 'en', 'America/New_York');

  client = await addClient(t.db, spaceId, 'Villa Les Pins');
  const primary = await addContact(t.db, { firstname: 'Paul', lastname: 'Durand', email: 'primary@pins.example' });
  await t.db.insert(clientContacts).values({ id: newUlid(), clientId: client, contactId: primary, isPrimary: true });
  siteWithContact = await addSite(t.db, spaceId, client, { name: 'Pool house' });
  const onSite = await addContact(t.db, { firstname: 'Jeanne', lastname: 'Roux', email: 'gardien@pins.example' });
  await t.db.insert(siteContacts).values({ id: newUlid(), siteId: siteWithContact, contactId: onSite });
  siteWithoutContact = await addSite(t.db, spaceId, client, { name: 'Garage' });
  lonelyClient = await addClient(t.db, spaceId, 'Sans contact');
  lonelyClientSite = await addSite(t.db, spaceId, lonelyClient, { name: 'Hangar' });
});
afterAll(() => t.close());

const visit = (site: string, overrides: Record<string, unknown> = {}) => ({
  client: `/api/clients/${client}`,
  site: `/api/sites/${site}`,
  type: 'TYPE_CONTROL_VISIT',
  interveners: [marco.iri],
  // the actor's zone (Europe/Paris): 07:00 UTC
  start_at: '2030-06-10 09:00:00',
  end_at: '2030-06-10 11:30:00',
  description: 'Accès par le portail <nord>',
  send_mail: true,
  ...overrides,
});
const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/interventions', headers: as(cookie), payload });
const put = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/interventions/${id}`, headers: as(cookie), payload });
const remove = (id: string, sendMail: boolean) =>
  t.app.inject({ method: 'DELETE', url: `/api/interventions/${id}?send_mail=${sendMail}`, headers: as(cookie) });
/** Every mail delivered so far to `email`, as `template` names. */
const templatesTo = async (email: string) =>
  (await t.mailbox.all()).filter((m) => m.to.includes(email)).map((m) => m.template);
/** Every mail delivered so far to the customer's contacts or the actor. */
const notForTechnicians = async () =>
  (await t.mailbox.all()).filter((m) => /@pins\.example/.test(m.to) || m.to.includes(ownerEmail.toLowerCase()));

describe('send_mail', () => {
  it('e-mails each technician of a new visit in their own language and time zone, not the customer', async () => {
    const response = await post(visit(siteWithContact, { interveners: [marco.iri, yuki.iri, paul.iri] }));
    expect(response.statusCode).toBe(201);

    const italian = await t.mailbox.waitFor(marco.email, { template: 'intervention_scheduled' });
    expect(italian.subject).toBe('Intervento programmato per lunedì 10 giugno 2030 alle ore 09:00');
    expect(italian.text).toContain('Termites Océan ti ha assegnato un intervento presso il sito Pool house.');
    expect(italian.text).toContain('Cliente: Villa Les Pins');
    expect(italian.text).toContain('Indirizzo: 45 avenue Thiers, 33100 Bordeaux, France');
    expect(italian.text).toContain('Referente sul posto: Jeanne Roux');
    expect(italian.text).toContain('Telefono del referente: +33 5 56 00 00 00');
    expect(italian.text).toContain('Tipo di intervento: Visita di controllo');
    expect(italian.text).toContain('Fine: 11:30');
    expect(italian.html).toContain('Accès par le portail &lt;nord&gt;');
    expect(italian.html).toContain('src="https://cdn.example/ocean.png"');

    const japanese = await t.mailbox.waitFor(yuki.email, { template: 'intervention_scheduled' });
    expect(japanese.subject).toBe('訪問日程のお知らせ（2030年6月10日月曜日 16:00）');
    expect(japanese.text).toContain(
      'Termites OcéanによりPool houseへの訪問が予定され、担当者として割り当てられました。',
    );
    // family name first in Japanese
    expect(japanese.text).toContain('現地の連絡先：Roux Jeanne');

    const english = await t.mailbox.waitFor(paul.email, { template: 'intervention_scheduled' });
    expect(english.subject).toBe('Visit scheduled for Monday, 10 June 2030 at 03:00');
    expect(english.text).toContain(
      'Termites Océan has scheduled a visit to the site Pool house and assigned you to it.',
    );
    expect(english.text).toContain('End: 05:30');

    // one mail each, and none to the site's contact, the client's primary contact or the actor
    expect(await templatesTo(marco.email)).toEqual(['intervention_scheduled']);
    expect(await notForTechnicians()).toEqual([]);
  });

  it('writes to nobody without send_mail', async () => {
    const before = await templatesTo(yuki.email);
    expect((await post(visit(siteWithContact, { interveners: [yuki.iri], send_mail: false }))).statusCode).toBe(201);
    // the queue is first in, first out: once a later mail arrived, an earlier one would have too
    expect((await post(visit(siteWithContact, { interveners: [paul.iri], type: 'TYPE_PRE_VISIT' }))).statusCode).toBe(
      201,
    );
    await t.mailbox.waitFor(paul.email, { template: 'intervention_scheduled' });
    expect(await templatesTo(yuki.email)).toEqual(before);
  });

  it('names the client primary contact when the site has none; leaves the contact out when neither exists', async () => {
    expect((await post(visit(siteWithoutContact))).statusCode).toBe(201);
    const fallback = await t.mailbox.waitFor(marco.email, { template: 'intervention_scheduled' });
    expect(fallback.text).toContain('presso il sito Garage');
    expect(fallback.text).toContain('Referente sul posto: Paul Durand');

    const lonely = await post(visit(lonelyClientSite, { client: `/api/clients/${lonelyClient}` }));
    expect(lonely.statusCode).toBe(201);
    const bare = await t.mailbox.waitFor(marco.email, { template: 'intervention_scheduled' });
    expect(bare.text).toContain('presso il sito Hangar');
    expect(bare.text).not.toContain('Referente');
    expect(await notForTechnicians()).toEqual([]);
  });

  it('on an update: changed to those who stay, cancelled (as it was) to those removed, scheduled to the new ones', async () => {
    const created = (
      await post(visit(siteWithContact, { interveners: [marco.iri, yuki.iri], send_mail: false }))
    ).json();
    const delivered = (await t.mailbox.all()).length;
    const updated = await put(
      created.ulid,
      visit(siteWithContact, {
        interveners: [marco.iri, paul.iri],
        start_at: '2030-06-12 14:00:00',
        end_at: '2030-06-13 10:00:00',
      }),
    );
    expect(updated.statusCode).toBe(200);

    const changed = await t.mailbox.waitFor(marco.email, { template: 'intervention_changed' });
    expect(changed.subject).toBe('Intervento modificato: mercoledì 12 giugno 2030 alle ore 14:00');
    expect(changed.text).toContain('Fine: giovedì 13 giugno 2030 alle ore 10:00');
    expect(changed.text).toContain('ha modificato un intervento che ti è stato assegnato presso il sito Pool house');

    const removed = await t.mailbox.waitFor(yuki.email, { template: 'intervention_cancelled' });
    // the visit Yuki was told about: its former start, in Tokyo time
    expect(removed.subject).toBe('訪問予定取り消しのお知らせ（2030年6月10日月曜日 16:00）');
    expect(removed.text).toContain('担当予定だったPool houseへの訪問がTermites Océanにより取り消されました。');

    const added = await t.mailbox.waitFor(paul.email, { template: 'intervention_scheduled' });
    expect(added.subject).toBe('Visit scheduled for Wednesday, 12 June 2030 at 08:00');

    // one mail per technician for this update, and none to anybody else
    const all = await t.mailbox.all();
    expect(
      all
        .slice(delivered)
        .map((m) => `${m.to} ${m.template}`)
        .sort(),
    ).toEqual([
      `${marco.email} intervention_changed`,
      `${paul.email} intervention_scheduled`,
      `${yuki.email} intervention_cancelled`,
    ]);
  });

  it('e-mails the cancellation to the interveners on a delete with send_mail=true, skipping disabled members', async () => {
    const nadia = await technician('nadia@ocean.example', 'pt', 'Europe/Lisbon');
    const created = (
      await post(visit(siteWithContact, { interveners: [marco.iri, nadia.iri], send_mail: false }))
    ).json();
    await setMemberState(t.db, nadia.membershipId, { status: 'disabled', disabledAt: new Date() });

    expect((await remove(created.ulid, true)).statusCode).toBe(204);
    const cancelled = await t.mailbox.waitFor(marco.email, { template: 'intervention_cancelled' });
    expect(cancelled.subject).toBe('Intervento annullato: lunedì 10 giugno 2030 alle ore 09:00');
    expect(cancelled.text).toContain(
      'Termites Océan ha annullato il tuo intervento presso il sito Pool house: non devi più recarti sul posto.',
    );
    // the queue is first in, first out: once a later mail arrived, Nadia's would have too
    expect((await post(visit(siteWithContact, { interveners: [paul.iri] }))).statusCode).toBe(201);
    await t.mailbox.waitFor(paul.email, { template: 'intervention_scheduled' });
    expect(await templatesTo(nadia.email)).toEqual([]);
  });

  it('writes nothing on a delete with send_mail=false', async () => {
    const created = (await post(visit(siteWithContact, { interveners: [yuki.iri], send_mail: false }))).json();
    const before = await templatesTo(yuki.email);
    expect((await remove(created.ulid, false)).statusCode).toBe(204);
    expect((await post(visit(siteWithContact, { interveners: [paul.iri] }))).statusCode).toBe(201);
    await t.mailbox.waitFor(paul.email, { template: 'intervention_scheduled' });
    expect(await templatesTo(yuki.email)).toEqual(before);
  });
});
