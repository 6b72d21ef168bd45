/**
 * The world of the permission matrix (issue 4): an admin space, two dealers each with a PCO, one signed-in account
 * per row of the matrix (roles of each space type, and accounts on substitution), and records in every space — the
 * actors' own (path parameters that pass the guard) and the other dealer's and PCO's (tenancy 404s).
 */
import type { Role } from '@isoptera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import {
  alerts,
  clientContacts,
  clients,
  contacts,
  contracts,
  equipment,
  interventionInterveners,
  interventions,
  products,
  reports,
  siteContacts,
  sites,
} from '../src/db/schema/index.js';
import type { Db } from '../src/platform/db/database.js';
import { newUlid } from '../src/platform/ids.js';
import type { TestApp } from './build-test-app.js';
import { as, createMember, createSpace, login } from './factories.js';
import type { ActorKey, RecordKind, SpaceKey } from './permission-matrix.expectations.js';

/** How a row of the matrix signs in, and the substitution it enters after signing in. */
export interface ActorDefinition {
  email: string;
  enter?: { url: string; body: Record<string, string> };
}

export interface MatrixActor extends ActorDefinition {
  key: ActorKey;
  /** `cookie` header of the actor's session. */
  cookie: string;
}

/** Record ids of one space, by the kind a path parameter names. */
export type SpaceRecords = Partial<Record<RecordKind, string>>;

export interface MatrixWorld {
  dealerA: string;
  pcoA: string;
  dealerB: string;
  pcoB: string;
  actors: Record<ActorKey, MatrixActor>;
  /** Records of each actor's effective space: the admin space, dealer A, PCO A1. */
  own: Record<SpaceKey, SpaceRecords>;
  /** Records of dealer B and of its PCO B1: another tenant for every actor of the matrix. */
  foreign: { dealer: SpaceRecords; pco: SpaceRecords };
  /** Cookies of dealer B's owner and PCO B1's owner, who must still find their records untouched. */
  foreignOwners: { dealer: string; pco: string };
}

/** The cookie header `cookie` with the cookies `response` set replaced. */
export function mergeCookies(cookie: string, response: LightMyRequestResponse): string {
  const jar = new Map(cookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]));
  for (const c of response.cookies) jar.set(c.name, c.value);
  return [...jar]
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/**
 * A new session of `actor`: signs in (two-factor off in the matrix app) and enters its substitution, if any.
 * Throws when either step fails.
 */
export async function openSession(t: TestApp, actor: ActorDefinition): Promise<string> {
  const cookie = await login(t.app, actor.email);
  if (!actor.enter) return cookie;
  const entered = await t.app.inject({
    method: 'POST',
    url: actor.enter.url,
    headers: as(cookie),
    payload: actor.enter.body,
  });
  if (entered.statusCode !== 204) {
    throw new Error(`${actor.email} could not enter ${actor.enter.url}: ${entered.statusCode} ${entered.body}`);
  }
  return mergeCookies(cookie, entered);
}

/**
 * A client with its primary contact, a site with its main contact, an intervention, on the site a gateway with an
 * open alert, a sent report with its frozen PDF (its `GET …/pdf` answers without rendering) and a catalogue product,
 * in PCO `spaceId`.
 */
async function insertPcoRecords(db: Db, spaceId: string, referentId: string): Promise<SpaceRecords> {
  const client = newUlid();
  const contact = newUlid();
  const clientContact = newUlid();
  const site = newUlid();
  const siteContact = newUlid();
  const intervention = newUlid();
  await db.insert(clients).values({ id: client, spaceId, name: 'Résidence des Pins', company: true });
  await db.insert(contacts).values({
    id: contact,
    spaceId,
    firstname: 'Claire',
    lastname: 'Fontaine',
    phone: '+33 6 12 34 56 78',
    email: 'claire.fontaine@example.fr',
    title: 'Syndic',
  });
  await db.insert(clientContacts).values({ id: clientContact, clientId: client, contactId: contact, isPrimary: true });
  await db.insert(sites).values({
    id: site,
    spaceId,
    clientId: client,
    name: 'Bâtiment A',
    addressLabel: '8 allée des Lilas, 33700 Mérignac',
    area: 420,
    referentId,
  });
  await db.insert(siteContacts).values({ id: siteContact, siteId: site, contactId: contact });
  const startAt = new Date('2030-03-04T08:00:00Z');
  await db.insert(interventions).values({
    id: intervention,
    spaceId,
    clientId: client,
    siteId: site,
    type: 'TYPE_CONTROL_VISIT',
    startAt,
    endAt: new Date(startAt.getTime() + 3_600_000),
  });
  await db.insert(interventionInterveners).values({ interventionId: intervention, membershipId: referentId });
  const gateway = newUlid();
  await db.insert(equipment).values({
    id: gateway,
    spaceId,
    siteId: site,
    kind: 'gateway',
    reference: 'GW-01',
    serialNumber: `MATRIX-${gateway}`,
  });
  const alert = newUlid();
  await db.insert(alerts).values({
    id: alert,
    spaceId,
    siteId: site,
    equipmentId: gateway,
    type: 'TYPE_LOW_BATTERY',
    priority: 2,
    openedAt: new Date(),
  });
  const report = newUlid();
  await db.insert(reports).values({
    id: report,
    spaceId,
    siteId: site,
    clientId: client,
    type: 'TYPE_CONTROL_VISIT',
    status: 'sent',
    visitStartedAt: new Date('2026-03-04T08:00:00Z'),
    visitEndedAt: new Date('2026-03-04T09:00:00Z'),
    language: 'fr',
    sentAt: new Date('2026-03-05T08:00:00Z'),
    processedAt: new Date('2026-03-05T08:00:00Z'),
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
    pdfSha256: '0'.repeat(64),
  });
  const product = newUlid();
  await db.insert(products).values({ id: product, spaceId, name: 'Termidor SC', unit: 'ml' });
  const contract = newUlid();
  await db.insert(contracts).values({
    ...{ id: contract, spaceId, clientId: client, siteId: site, reference: 'CT-2026-01' },
    ...{ startedAt: new Date('2026-01-01T00:00:00Z'), endedAt: new Date('2036-12-31T00:00:00Z') },
  });
  return {
    client,
    clientContact,
    site,
    siteContact,
    intervention,
    equipment: gateway,
    alert,
    report,
    product,
    contract,
  };
}

/** A member of `role` that no probe acts as (the target of member routes) and an invited one (invite routes). */
async function targets(db: Db, spaceId: string, role: Role, inviteRole: Role) {
  const member = await createMember(db, spaceId, role);
  const invite = await createMember(db, spaceId, inviteRole, { status: 'invited' });
  return { member: member.membershipId, invite: invite.membershipId };
}

/** Builds the spaces, records and actors of the matrix and signs every actor in. */
export async function buildMatrixWorld(t: TestApp): Promise<MatrixWorld> {
  const { db } = t;
  const adminSpace = await createSpace(db, 'admin');
  const dealerA = await createSpace(db, 'dealer');
  const pcoA = await createSpace(db, 'pco', { dealerId: dealerA });
  const dealerB = await createSpace(db, 'dealer');
  const pcoB = await createSpace(db, 'pco', { dealerId: dealerB });

  const member = async (space: string, role: Role) => (await createMember(db, space, role)).email;
  const intoDealer = { url: '/api/user_admins/connect-on-dealer', body: { connected_on_dealer_ulid: dealerA } };
  const adminIntoPco = { url: '/api/user_admins/connect-on-pco', body: { connected_on_pco_ulid: pcoA } };
  const dealerIntoPco = { url: '/api/user_dealers/connect-on-pco', body: { connected_on_pco_ulid: pcoA } };
  const definitions: Record<ActorKey, ActorDefinition> = {
    superAdmin: { email: await member(adminSpace, 'ROLE_ADMIN_SPACE_SUPER_ADMIN') },
    admin: { email: await member(adminSpace, 'ROLE_ADMIN_SPACE_ADMIN') },
    adminUser: { email: await member(adminSpace, 'ROLE_ADMIN_SPACE_USER') },
    dealerOwner: { email: await member(dealerA, 'ROLE_DEALER_SPACE_OWNER') },
    dealerUser: { email: await member(dealerA, 'ROLE_DEALER_SPACE_USER') },
    pcoOwner: { email: await member(pcoA, 'ROLE_PCO_SPACE_OWNER') },
    pcoManager: { email: await member(pcoA, 'ROLE_PCO_SPACE_MANAGER') },
    pcoTechnician: { email: await member(pcoA, 'ROLE_PCO_SPACE_TECHNICIAN') },
    pcoUser: { email: await member(pcoA, 'ROLE_PCO_SPACE_USER') },
    adminInDealer: { email: await member(adminSpace, 'ROLE_ADMIN_SPACE_ADMIN'), enter: intoDealer },
    adminInPco: { email: await member(adminSpace, 'ROLE_ADMIN_SPACE_SUPER_ADMIN'), enter: adminIntoPco },
    dealerOwnerInPco: { email: await member(dealerA, 'ROLE_DEALER_SPACE_OWNER'), enter: dealerIntoPco },
    dealerUserInPco: { email: await member(dealerA, 'ROLE_DEALER_SPACE_USER'), enter: dealerIntoPco },
  };

  const adminTargets = await targets(db, adminSpace, 'ROLE_ADMIN_SPACE_USER', 'ROLE_ADMIN_SPACE_ADMIN');
  const dealerTargets = await targets(db, dealerA, 'ROLE_DEALER_SPACE_USER', 'ROLE_DEALER_SPACE_USER');
  const pcoTargets = await targets(db, pcoA, 'ROLE_PCO_SPACE_TECHNICIAN', 'ROLE_PCO_SPACE_MANAGER');
  const own: Record<SpaceKey, SpaceRecords> = {
    admin: { ...adminTargets, dealer: dealerA, pco: pcoA },
    dealer: { ...dealerTargets, pco: pcoA },
    pco: { ...pcoTargets, ...(await insertPcoRecords(db, pcoA, pcoTargets.member)) },
  };

  const dealerBOwner = await member(dealerB, 'ROLE_DEALER_SPACE_OWNER');
  const pcoBOwner = await member(pcoB, 'ROLE_PCO_SPACE_OWNER');
  const foreignDealer = await targets(db, dealerB, 'ROLE_DEALER_SPACE_USER', 'ROLE_DEALER_SPACE_USER');
  const foreignPco = await targets(db, pcoB, 'ROLE_PCO_SPACE_TECHNICIAN', 'ROLE_PCO_SPACE_MANAGER');
  const foreign = {
    dealer: { ...foreignDealer, pco: pcoB },
    pco: { ...foreignPco, ...(await insertPcoRecords(db, pcoB, foreignPco.member)) },
  };

  const actors = {} as Record<ActorKey, MatrixActor>;
  for (const [key, definition] of Object.entries(definitions) as [ActorKey, ActorDefinition][]) {
    actors[key] = { key, ...definition, cookie: await openSession(t, definition) };
  }
  return {
    dealerA,
    pcoA,
    dealerB,
    pcoB,
    actors,
    own,
    foreign,
    foreignOwners: { dealer: await login(t.app, dealerBOwner), pco: await login(t.app, pcoBOwner) },
  };
}
