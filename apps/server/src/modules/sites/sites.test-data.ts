/**
 * Test data of the sites tests: clients with contacts inserted directly (the clients module has its own tests), a
 * complete site form, and interventions at given instants (for `planned_at`).
 */
import type { CreateSiteContactBody } from '@isoptera/contracts';
import { clientContacts, clients, contacts, interventions } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { newUlid } from '../../platform/ids.js';

export interface TestClient {
  id: string;
  iri: string;
  /** Contact ids, the primary contact first. */
  contactIds: string[];
}

let sequence = 0;

/** A client of `spaceId` named `name` with `contactCount` contacts (the first primary). */
export async function insertClient(db: Db, spaceId: string, name: string, contactCount = 2): Promise<TestClient> {
  const id = newUlid();
  await db.insert(clients).values({ id, spaceId, name, company: true });
  const contactIds: string[] = [];
  for (let i = 0; i < contactCount; i++) {
    const contactId = newUlid();
    const n = ++sequence;
    await db.insert(contacts).values({
      id: contactId,
      spaceId,
      firstname: 'Alice',
      lastname: `Martin`,
      phone: '+33 6 00 00 00 00',
      email: `contact${n}@test.example`,
      title: i === 0 ? 'Gérante' : 'Gardien',
    });
    await db.insert(clientContacts).values({ id: newUlid(), clientId: id, contactId, isPrimary: i === 0 });
    contactIds.push(contactId);
  }
  return { id, iri: `/api/clients/${id}`, contactIds };
}

/** A valid site form for `client` with referent `referentIri`; `site` overrides fields of the site part. */
export function siteForm(
  client: TestClient,
  referentIri: string,
  site: Partial<CreateSiteContactBody['site']> = {},
  contact: CreateSiteContactBody['contact'] = `/api/contacts/${client.contactIds[0]}`,
): CreateSiteContactBody {
  return {
    site: {
      client: client.iri,
      name: 'Entrepôt Mérignac',
      description: 'Accès par le portail arrière',
      address: {
        label: '8 allée des Lilas, 33700 Mérignac',
        street: '8 allée des Lilas',
        postal_code: '33700',
        city: 'Mérignac',
        country: 'France',
        latitude: '44.8429600001',
        longitude: '-0.6453900009',
      },
      area: 1250.5,
      referent: referentIri,
      work_type: 'TYPE_BUILDING',
      building_type: 'TYPE_COMMERCIAL',
      termite_species: 'reticulitermes_grassei',
      treatment_type: 'TYPE_ELIMINATION',
      estimated_box_number: 2,
      estimated_igs_number: 30,
      estimated_ags_number: 4,
      desired_installation_date: '2030-05-12',
      status: 'STATUS_TO_INSTALL',
      ...site,
    },
    contact,
  };
}

/** An intervention of `siteId` starting at `startAt` (one hour long). */
export async function insertIntervention(db: Db, spaceId: string, clientId: string, siteId: string, startAt: Date) {
  await db.insert(interventions).values({
    id: newUlid(),
    spaceId,
    clientId,
    siteId,
    type: 'TYPE_CONTROL_VISIT',
    startAt,
    endAt: new Date(startAt.getTime() + 3_600_000),
  });
}
