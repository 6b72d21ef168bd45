/**
 * Sites (SPEC §3 "Site", §5 "Site", §7 "Sites"): the list split into alert sites and other sites, search, detail,
 * light view, delete, and create/update together with the main contact (`/api/site_contacts`).
 */
import type {
  CreateSiteContactData,
  SiteCollection,
  SiteContactAnswer,
  SiteDetail,
  SiteLight,
  SiteListAnswer,
  SiteListQuery,
  SiteSearchQuery,
  SiteSearchResult,
  UpdateSiteContactBody,
  UpdateSiteContactData,
} from '@isoptera/contracts';
import { iri } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { ExpectedVersions } from '../../platform/db/versions.js';
import { notFound, type RawViolation, validationFailed } from '../../platform/errors/app-error.js';
import type { Versioned } from '../../platform/http/entity-tag.js';
import { hydraCollection, hydraView, pageWindow } from '../../platform/hydra/hydra.js';
import type { ContactChoice, SiteFilters, SiteOrder, SitesRepository, SiteValues } from './sites.repository.js';
import { siteContactItem, siteContactPutBody, siteDetail, siteLight, siteListItem } from './sites.resource.js';

type CreateBody = CreateSiteContactData;
type UpdateBody = UpdateSiteContactData;

/** Most sites `GET /api/sites?pagination=false` answers at once. */
export const UNPAGED_SITE_LIMIT = 1000;

/** The ULID of a query value given as a ULID or as an IRI (`/api/clients/{ulid}`). */
function ulidOf(value: string): string {
  return value.slice(value.lastIndexOf('/') + 1).trim();
}

function filtersOf(query: SiteListQuery): SiteFilters {
  const clientIds = [...(query.clients ?? []), ...(query['client.ulid'] ? [query['client.ulid']] : [])].map(ulidOf);
  return {
    name: query.name || undefined,
    referentIds: query.users?.map(ulidOf),
    clientIds,
    statuses: query.status,
    treatmentTypes: query.treatment_type,
    alertTypes: query.alert_type,
  };
}

/** The requested order (`order[name]`, `order[updated_at]`, `order[priority_sum]`, in the given order); default name asc. */
function orderOf(query: SiteListQuery): SiteOrder[] {
  const order = Object.entries(query.order ?? {})
    .filter((entry): entry is [SiteOrder['field'], 'asc' | 'desc'] => entry[1] !== undefined)
    .map(([field, direction]) => ({ field, direction }));
  if (!order.some((o) => o.field === 'name')) order.push({ field: 'name', direction: 'asc' });
  return order;
}

function valuesOf(site: CreateBody['site']): SiteValues {
  return {
    clientId: site.client,
    name: site.name,
    description: site.description,
    addressLabel: site.address.label,
    street: site.address.street ?? null,
    postalCode: site.address.postal_code ?? null,
    city: site.address.city ?? null,
    country: site.address.country ?? null,
    latitude: site.address.latitude,
    longitude: site.address.longitude,
    area: site.area,
    referentId: site.referent,
    notes: site.notes,
    workType: site.work_type,
    buildingType: site.building_type,
    termiteSpecies: site.termite_species,
    treatmentType: site.treatment_type,
    estimatedBoxNumber: site.estimated_box_number,
    estimatedIgsNumber: site.estimated_igs_number,
    estimatedAgsNumber: site.estimated_ags_number,
    desiredInstallationDate: site.desired_installation_date,
    status: site.status,
  };
}

export function createSitesService(repository: SitesRepository) {
  /**
   * Checks the references of a site form against the actor's space (SPEC §5 "Site", ARCHITECTURE §4): the client
   * (`site.client` `client_invalid`), the referent, an active member (`site.referent` `referent_invalid`) and an existing
   * contact, which must be one of the client's contacts (`contact` `contact_invalid`). Throws 422 with every violation.
   */
  async function checkReferences(actor: Actor, body: CreateBody): Promise<ContactChoice> {
    const violations: RawViolation[] = [];
    const clientOk = await repository.clientExists(actor.spaceId, body.site.client);
    if (!clientOk) violations.push({ propertyPath: 'site.client', code: 'client_invalid' });
    if (!(await repository.isActiveMember(actor.spaceId, body.site.referent))) {
      violations.push({ propertyPath: 'site.referent', code: 'referent_invalid' });
    }
    const contact = body.contact;
    if (
      typeof contact === 'string' &&
      clientOk &&
      !(await repository.isClientContact(actor.spaceId, body.site.client, contact))
    ) {
      violations.push({ propertyPath: 'contact', code: 'contact_invalid' });
    }
    if (violations.length) throw validationFailed(...violations);
    return typeof contact === 'string' ? { contactId: contact } : { newContact: contact };
  }

  async function answer(actor: Actor, siteId: string): Promise<SiteContactAnswer> {
    const row = await repository.findDetail(actor.spaceId, siteId);
    const contact = row && siteContactItem(row.contact);
    if (!row || !contact) throw notFound('site_not_found');
    return { site: siteDetail(row, actor), contact };
  }

  return {
    /**
     * `GET /api/sites` (SPEC §3, §7): one page (`page`, `itemsPerPage`, 30 by default) of the actor's sites matching
     * the filters, the sites in alert first (`priority_sum > 0`, by priority_sum desc then the requested order), then
     * the others; `in_alert_sites`/`other_sites` split the page, the two numbers count the matching sites (each exact
     * up to 1 000, then estimated), and `hydra:view` links the pages of `url` (the request's path and query), its
     * `hydra:next` set from the page itself.
     */
    async list(actor: Actor, query: SiteListQuery, url: string): Promise<SiteListAnswer> {
      const filters = filtersOf(query);
      const window = pageWindow(query);
      // one statement: the page (one site more than asked: whether a next page exists is exact even when a total is
      // an estimate) and the two totals
      const page = await repository.listPage(actor.spaceId, filters, orderOf(query), window);
      const items = page.rows.map((row) => siteListItem(row, actor));
      return {
        in_alert_sites: items.filter((site) => site.priority_sum > 0),
        other_sites: items.filter((site) => site.priority_sum <= 0),
        in_alert_site_number: page.inAlert,
        other_site_number: page.other,
        'hydra:view': hydraView(url, page.inAlert + page.other, window, { hasNext: page.hasNext }),
      };
    },

    /**
     * `GET /api/sites?pagination=false&client.ulid=…`: a hydra collection of every matching site (at most
     * `UNPAGED_SITE_LIMIT`), used to pick the site of a client (SPEC §4 "Intervention form").
     */
    async listAll(actor: Actor, query: SiteListQuery, url: string): Promise<SiteCollection> {
      const { rows, total } = await repository.listAll(
        actor.spaceId,
        filtersOf(query),
        orderOf(query),
        UNPAGED_SITE_LIMIT,
      );
      const members = rows.map((row) => siteListItem(row, actor));
      return hydraCollection(
        url,
        members,
        total,
        { page: 1, limit: Math.max(1, members.length, total), offset: 0 },
        'Site',
      );
    },

    /** `GET /api/sites/search?name&page&client.ulid&order[name]`: `{list: [{'@id', ulid, name}], total}`, 30 a page. */
    async search(actor: Actor, query: SiteSearchQuery): Promise<SiteSearchResult> {
      const clientId = query['client.ulid'] ? ulidOf(query['client.ulid']) : undefined;
      const { rows, total } = await repository.search(
        actor.spaceId,
        query.name || undefined,
        clientId,
        query.order?.name ?? 'asc',
        pageWindow(query),
      );
      return {
        list: rows.map((r) => ({ '@id': iri('sites', r.id), '@type': 'Site' as const, ulid: r.id, name: r.name })),
        total,
      };
    },

    /**
     * `GET /api/sites/{id}` and the site's version (its `ETag`). Throws 404 `site_not_found` for an unknown site or one
     * of another space.
     */
    async detail(actor: Actor, siteId: string): Promise<Versioned<SiteDetail>> {
      const row = await repository.findDetail(actor.spaceId, siteId);
      if (!row) throw notFound('site_not_found');
      return { body: siteDetail(row, actor), version: row.version };
    },

    /** `GET /api/sites/{id}/light`. Throws 404 `site_not_found`. */
    async light(actor: Actor, siteId: string): Promise<SiteLight> {
      const row = await repository.findLight(actor.spaceId, siteId);
      if (!row) throw notFound('site_not_found');
      return siteLight(row);
    },

    /** `DELETE /api/sites/{id}`: deletes the site with its interventions. Throws 404 `site_not_found`. */
    async remove(actor: Actor, siteId: string): Promise<void> {
      if (!(await repository.remove(actor.spaceId, siteId))) throw notFound('site_not_found');
    },

    /**
     * `POST /api/site_contacts {site, contact}` (SPEC §5 "Site", §7): creates the site with its main contact — an
     * existing contact of the client, or a new contact linked to the client as an alternative contact. Answers
     * `{site, contact}`. Throws 422 (`client_invalid`, `referent_invalid`, `contact_invalid`).
     */
    async create(actor: Actor, body: CreateBody): Promise<SiteContactAnswer> {
      const contact = await checkReferences(actor, body);
      const { siteId } = await repository.create(actor.spaceId, valuesOf(body.site), contact);
      return answer(actor, siteId);
    },

    /**
     * The `PUT /api/site_contacts/{id}` body of the site `id` names (a site contact, or the site itself when it lost
     * its main contact) as it stands: what `PATCH` applies its merge patch to. Throws 404 `site_not_found`.
     */
    async current(actor: Actor, siteContactId: string): Promise<UpdateSiteContactBody> {
      const target = await repository.findSiteContactTarget(actor.spaceId, siteContactId);
      const row = target && (await repository.findDetail(actor.spaceId, target.siteId));
      if (!row) throw notFound('site_not_found');
      return siteContactPutBody(row);
    },

    /**
     * `PUT /api/site_contacts/{site_contact_ulid}` (SPEC §7): updates the site and re-links its main contact. The id
     * may also be the site's own ULID when the site lost its main contact. `expected`: the site versions `If-Match`
     * accepts. Answers `{site, contact}` and the site's version after the edit (its new `ETag`). Throws 404
     * `site_not_found`; 412 `edit_conflict`; 422 as `create`, plus `site` `site_invalid` when the body's
     * `site['@id']` names another site.
     */
    async update(
      actor: Actor,
      siteContactId: string,
      body: UpdateBody,
      expected?: ExpectedVersions,
    ): Promise<Versioned<SiteContactAnswer>> {
      const target = await repository.findSiteContactTarget(actor.spaceId, siteContactId);
      if (!target) throw notFound('site_not_found');
      const bodyIri = body.site['@id'];
      if (bodyIri && ulidOf(bodyIri) !== target.siteId) {
        throw validationFailed({ propertyPath: 'site', code: 'site_invalid' });
      }
      const contact = await checkReferences(actor, body);
      const { version } = await repository.update(actor.spaceId, target.siteId, valuesOf(body.site), contact, expected);
      return { body: await answer(actor, target.siteId), version };
    },
  };
}
export type SitesService = ReturnType<typeof createSitesService>;
