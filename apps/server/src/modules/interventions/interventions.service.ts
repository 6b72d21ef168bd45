/**
 * Interventions (visits): SPEC §3 "Intervention", §4 "Intervention form", §5 "Intervention", §7 "Interventions",
 * §8 `start_at_invalid`, and the site status on scheduling of docs/decisions/004.
 *
 * `send_mail` (create, update, and the delete query) e-mails the visit's technicians — its interveners, one mail
 * each to their account's address, in THEIR language and with the dates in THEIR time zone; members whose membership
 * is no longer active are skipped. Create: `intervention_scheduled`. Update: `intervention_changed` to those who stay,
 * `intervention_scheduled` to those added, `intervention_cancelled` (with the visit as it was) to those removed.
 * Delete: `intervention_cancelled`. The mails name the site, its address and the person to meet there (the site's
 * main contact, else the client's primary contact). They are queued after the change is stored, outside the
 * transaction (see `MailQueue`).
 */
import {
  DATE_TIME_POST_PATTERN,
  type Intervention,
  type InterventionBody,
  type InterventionCollection,
  type InterventionType,
  type interventionBody,
  type interventionListQuery,
  iri,
  LANGUAGES,
  type Language,
  SCHEDULING_SITE_STATUS,
} from '@isoptera/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/database.js';
import type { ExpectedVersions } from '../../platform/db/versions.js';
import { notFound, type RawViolation, validationFailed } from '../../platform/errors/app-error.js';
import type { Versioned } from '../../platform/http/entity-tag.js';
import { decodeCursor, encodeCursor } from '../../platform/hydra/cursor.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue, MailTemplate } from '../../platform/mail/mail.js';
import { formatMailPeriod } from '../../platform/mail/mail-dates.js';
import { parseZoned, startOfZonedDay } from '../../platform/time/zoned.js';
import {
  createInterventionsRepository,
  type InterventionQueries,
  type InterventionsRepository,
  type InterventionValues,
} from './interventions.repository.js';
import { interventionResource } from './interventions.resource.js';
import { INTERVENTION_ORDER, INTERVENTION_ORDER_KEYS } from './interventions-list.repository.js';

/** A parsed request body (references already reduced to ULIDs by the contract). */
export type InterventionInput = z.output<typeof interventionBody>;
export type InterventionListQuery = z.output<typeof interventionListQuery>;

export interface InterventionsServiceOptions {
  /** The clock of the "start later than now" rule and of the status rule (tests and the seed set it). */
  now?: () => Date;
  /** Where `send_mail` notifications go; absent (the demo seed), none is sent. */
  mail?: MailQueue;
}

/** The stored fields a notification mail describes. */
type NotifiedVisit = Pick<InterventionValues, 'siteId' | 'type' | 'description' | 'startAt' | 'endAt'>;

/** `lang` when the product speaks it, else French (the default language of accounts, SPEC §3 "Current user"). */
function mailLanguage(lang: string): Language {
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'fr';
}

/**
 * `value` (`YYYY-MM-DD HH:mm:ss` in `timeZone`, or ISO 8601 with offset) as an instant truncated to the second (the
 * post format's precision); null when no such date.
 */
function parseDateTime(value: string, timeZone: string): Date | null {
  if (DATE_TIME_POST_PATTERN.test(value)) {
    const [y, mo, d, h, mi, s] = value.split(/[- :]/).map(Number) as [number, number, number, number, number, number];
    const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    const sameCalendar =
      probe.getUTCFullYear() === y &&
      probe.getUTCMonth() === mo - 1 &&
      probe.getUTCDate() === d &&
      probe.getUTCHours() === h &&
      probe.getUTCMinutes() === mi &&
      probe.getUTCSeconds() === s;
    if (!sameCalendar) return null;
  }
  const time = parseZoned(value, timeZone).getTime();
  return Number.isNaN(time) ? null : new Date(Math.floor(time / 1000) * 1000);
}

/** The calendar day after `date` (`YYYY-MM-DD`). */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Creates the interventions service on `repository`; `now` is the clock of the date and status rules. */
export function createInterventionsService(
  repository: InterventionsRepository,
  { now = () => new Date(), mail }: InterventionsServiceOptions = {},
) {
  /**
   * Queues `template` about `visit` to each of `membershipIds` still active in the actor's space: one mail per
   * intervener, to the account's e-mail, in the account's language with the dates in the account's time zone.
   * Params: client, site, address, contact (name of the site's main contact, else the client's primary contact;
   * family name first in Japanese), contact_phone, type, start, end, description. Nothing when `membershipIds` is
   * empty or the site is gone. Call after the transaction (never inside it: see `MailQueue`).
   */
  async function notify(
    actor: Actor,
    template: MailTemplate,
    visit: NotifiedVisit,
    membershipIds: readonly string[],
  ): Promise<void> {
    if (!mail || !membershipIds.length) return;
    const [place, recipients] = await Promise.all([
      repository.visitPlace(actor.spaceId, visit.siteId),
      repository.mailRecipients(actor.spaceId, [...membershipIds]),
    ]);
    if (!place) return;
    const { contact } = place;
    for (const recipient of recipients) {
      const lang = mailLanguage(recipient.lang);
      // Japanese writes the family name first (as the clients screens do)
      const contactName = !contact
        ? ''
        : (lang === 'ja'
            ? `${contact.lastname} ${contact.firstname}`
            : `${contact.firstname} ${contact.lastname}`
          ).trim();
      await mail.enqueue({
        template,
        to: recipient.email,
        lang,
        spaceId: actor.spaceId,
        params: {
          client: place.clientName,
          site: place.siteName,
          address: place.address,
          contact: contactName,
          contact_phone: contact?.phone ?? '',
          type: visit.type,
          ...formatMailPeriod(visit.startAt, visit.endAt, lang, recipient.timezone),
          description: visit.description ?? '',
        },
      });
    }
  }

  /**
   * Checks the body against the actor's space and the date rules (SPEC §5): client of the space (`client_invalid`),
   * site of that client (`site_invalid`), active members (`interveners_invalid`), start later than now when
   * `checkStart` (`start_at_invalid`), end later than start (`end_at_invalid`). Throws 422 with every violation.
   */
  async function validated(
    actor: Actor,
    body: InterventionInput,
    checkStart: (start: Date) => boolean,
  ): Promise<InterventionValues> {
    const violations: RawViolation[] = [];
    const [client, site, members] = await Promise.all([
      repository.findClient(actor.spaceId, body.client),
      repository.findSite(actor.spaceId, body.site),
      repository.activeMemberIds(actor.spaceId, [...new Set(body.interveners)]),
    ]);
    if (!client) violations.push({ propertyPath: 'client', code: 'client_invalid' });
    if (!site || (client && site.clientId !== client.id))
      violations.push({ propertyPath: 'site', code: 'site_invalid' });
    const intervenerIds = [...new Set(body.interveners)];
    if (members.length !== intervenerIds.length)
      violations.push({ propertyPath: 'interveners', code: 'interveners_invalid' });
    const startAt = parseDateTime(body.start_at, actor.timezone);
    const endAt = parseDateTime(body.end_at, actor.timezone);
    if (!startAt || (checkStart(startAt) && startAt.getTime() <= now().getTime())) {
      violations.push({ propertyPath: 'start_at', code: 'start_at_invalid' });
    }
    if (!endAt || (startAt && endAt.getTime() <= startAt.getTime()))
      violations.push({ propertyPath: 'end_at', code: 'end_at_invalid' });
    if (violations.length || !startAt || !endAt) throw validationFailed(...violations);
    return {
      clientId: body.client,
      siteId: body.site,
      type: body.type,
      description: body.description,
      startAt,
      endAt,
      sendMail: body.send_mail,
      intervenerIds,
    };
  }

  /**
   * Site status on scheduling (docs/decisions/004): a site in the `from` status of `type` that now has a future
   * visit of that type becomes `planned`; a site in the `planned` status left without one goes back to `from`.
   * Other statuses never change here.
   */
  async function reconcileSiteStatus(
    repo: InterventionQueries,
    spaceId: string,
    siteId: string,
    type: string,
  ): Promise<void> {
    const rule = SCHEDULING_SITE_STATUS[type as InterventionType];
    const site = await repo.findSite(spaceId, siteId);
    if (!rule || !site || (site.status !== rule.from && site.status !== rule.planned)) return;
    const planned = await repo.hasFutureOfType(spaceId, siteId, type, now());
    const status = planned ? rule.planned : rule.from;
    if (status !== site.status) await repo.setSiteStatus(spaceId, siteId, status);
  }

  async function hydrated(actor: Actor, id: string): Promise<Intervention> {
    const row = await repository.findHydrated(actor.spaceId, id);
    if (!row) throw notFound('intervention_not_found');
    return interventionResource(row, actor);
  }

  return {
    /**
     * `GET /api/interventions` (SPEC §7): the space's interventions by start, filtered by interveners (membership
     * ulids), clients, types, start day range (`start_date`..`end_date` inclusive, actor's zone) and site; one page
     * as a hydra collection whose links keep the query of `url` (the request's path and query), after the keyset
     * `cursor` of the previous page's `hydra:next` when given. The total is exact up to 1 000 matches and on the
     * last page, estimated past that (platform/db/paging.ts). Throws 422 `value_invalid` (`cursor`).
     */
    async list(actor: Actor, query: InterventionListQuery, url: string): Promise<InterventionCollection> {
      const window = pageWindow(query);
      const after = decodeCursor(query.cursor, INTERVENTION_ORDER, INTERVENTION_ORDER_KEYS);
      const page = await repository.list(
        actor.spaceId,
        {
          userIds: query.users,
          clientIds: query.clients,
          types: query.type,
          from: query.start_date ? startOfZonedDay(query.start_date, actor.timezone) : undefined,
          to: query.end_date ? startOfZonedDay(nextDay(query.end_date), actor.timezone) : undefined,
          siteId: query['site.ulid'],
        },
        window,
        after,
      );
      const cursor =
        page.hasNext && page.lastKeys
          ? encodeCursor(INTERVENTION_ORDER, { keys: page.lastKeys, total: page.total })
          : undefined;
      const members = page.rows.map((row) => interventionResource(row, actor));
      return hydraCollection(url, members, page.total, window, 'Intervention', { hasNext: page.hasNext, cursor });
    },

    /**
     * `GET /api/interventions/{id}` and the visit's version (its `ETag`). Throws 404 `intervention_not_found` (unknown
     * or another space).
     */
    async get(actor: Actor, id: string): Promise<Versioned<Intervention>> {
      const row = await repository.findHydrated(actor.spaceId, id);
      if (!row) throw notFound('intervention_not_found');
      return { body: interventionResource(row, actor), version: row.version };
    },

    /**
     * The `PUT /api/interventions/{id}` body of a visit as it stands (what `PATCH` applies its merge patch to):
     * references as IRIs, dates ISO 8601 with the offset of the actor's zone (the post format would be ambiguous at
     * a daylight-saving fall-back), `send_mail` as stored. Throws 404 `intervention_not_found`.
     */
    async current(actor: Actor, id: string): Promise<InterventionBody> {
      const visit = await hydrated(actor, id);
      return {
        client: iri('clients', visit.client_ulid),
        site: visit.site['@id'],
        type: visit.type,
        interveners: visit.interveners.map((member) => member['@id']),
        start_at: visit.start_at,
        end_at: visit.end_at,
        description: visit.description,
        send_mail: visit.send_mail,
      };
    },

    /** `POST /api/interventions` (SPEC §4, §5): validates, stores, plans the site (ADR 004). Throws 422. */
    async create(actor: Actor, body: InterventionInput): Promise<Intervention> {
      const values = await validated(actor, body, () => true);
      const id = newUlid();
      await repository.transaction(async (repo) => {
        await repo.insert(actor.spaceId, id, values, actor.membershipId);
        await reconcileSiteStatus(repo, actor.spaceId, values.siteId, values.type);
      });
      if (values.sendMail) await notify(actor, 'intervention_scheduled', values, values.intervenerIds);
      return hydrated(actor, id);
    },

    /**
     * `PUT /api/interventions/{ulid}`: replaces every field; start later than now only checked when start changes.
     * Re-plans the previous and the new site/type (ADR 004). With `send_mail`: `intervention_changed` to the
     * interveners who stay, `intervention_scheduled` to the added ones, `intervention_cancelled` about the visit as
     * it was to the removed ones. `expected`: the versions `If-Match` accepts; answers the visit and its version after
     * the edit (its new `ETag`). Throws 404 `intervention_not_found`, 412 `edit_conflict` (nothing changed, no mail),
     * 422.
     */
    async update(
      actor: Actor,
      id: string,
      body: InterventionInput,
      expected?: ExpectedVersions,
    ): Promise<Versioned<Intervention>> {
      const current = await repository.findRow(actor.spaceId, id);
      if (!current) throw notFound('intervention_not_found');
      const values = await validated(actor, body, (start) => start.getTime() !== current.startAt.getTime());
      const version = await repository.transaction(async (repo) => {
        const edited = await repo.update(actor.spaceId, id, values, expected);
        // an edited past visit (start unchanged) plans nothing and must not unplan its site either
        if (values.startAt.getTime() > now().getTime())
          await reconcileSiteStatus(repo, actor.spaceId, values.siteId, values.type);
        // a future visit moved to another site or type may have been the last one planning the previous pair
        const movedAway = current.siteId !== values.siteId || current.type !== values.type;
        if (movedAway && current.startAt.getTime() > now().getTime()) {
          await reconcileSiteStatus(repo, actor.spaceId, current.siteId, current.type);
        }
        return edited;
      });
      if (values.sendMail) {
        const before = new Set(current.intervenerIds);
        const after = new Set(values.intervenerIds);
        await notify(
          actor,
          'intervention_cancelled',
          current,
          current.intervenerIds.filter((member) => !after.has(member)),
        );
        await notify(
          actor,
          'intervention_changed',
          values,
          values.intervenerIds.filter((member) => before.has(member)),
        );
        await notify(
          actor,
          'intervention_scheduled',
          values,
          values.intervenerIds.filter((member) => !before.has(member)),
        );
      }
      return { body: await hydrated(actor, id), version };
    },

    /**
     * `DELETE /api/interventions/{id}?send_mail=`: deletes, and reverts the site's planned status when it was the
     * last future visit of its type (ADR 004); with `sendMail`, queues `intervention_cancelled` to its interveners.
     * Throws 404 `intervention_not_found`.
     */
    async remove(actor: Actor, id: string, sendMail: boolean): Promise<void> {
      const current = await repository.findRow(actor.spaceId, id);
      if (!current) throw notFound('intervention_not_found');
      await repository.transaction(async (repo) => {
        await repo.remove(actor.spaceId, id);
        if (current.startAt.getTime() > now().getTime())
          await reconcileSiteStatus(repo, actor.spaceId, current.siteId, current.type);
      });
      if (sendMail) await notify(actor, 'intervention_cancelled', current, current.intervenerIds);
    },
  };
}
export type InterventionsService = ReturnType<typeof createInterventionsService>;

/**
 * The interventions service on `db`: how another module creates visits with this module's rules (the contract job,
 * docs/decisions/013) without reaching into its repository.
 */
export function interventionsServiceOn(db: Db, options: InterventionsServiceOptions = {}): InterventionsService {
  return createInterventionsService(createInterventionsRepository(db), options);
}
