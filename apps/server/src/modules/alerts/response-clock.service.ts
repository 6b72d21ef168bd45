/**
 * The response clock's routes' rules (issue 15 "Alert → visit on a response clock"; docs/decisions/019): the PCO's
 * response targets, the running clocks of Home, and the proposed control visit — read, accepted (the intervention is
 * planned through the interventions service and linked), dismissed. Every query is scoped to the actor's space; dates
 * are answered in the actor's time zone.
 */
import {
  type AlertClockCollection,
  type AlertClockItem,
  contextIri,
  DEFAULT_RESPONSE_TARGETS,
  type Intervention,
  iri,
  type ResponseTargets,
  type ResponseTargetsResource,
  type RuleAlertType,
  type VisitDismissReason,
  type VisitProposal,
  type visitDismissBody,
} from '@isoptera/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  accounts,
  alertResponseTargets,
  alerts,
  alertVisitProposals,
  clients,
  equipment,
  memberships,
  sites,
} from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { InterventionsService } from '../interventions/interventions.service.js';
import { dueAtSql, firstCheckInSql, responseClockOf, responseTargetsOf, targetHoursSql } from './response-clock.js';

/** How many running clocks `GET /api/alert_clocks` lists at most. */
export const CLOCKS_SHOWN = 100;

type InterventionInput = Parameters<InterventionsService['create']>[1];

const referentAccount = alias(accounts, 'referent_account');

/** The proposal's select (joined to its site, client and referent). */
function proposalQuery(db: Db) {
  return db
    .select({
      alertId: alertVisitProposals.alertId,
      status: alertVisitProposals.status,
      startAt: alertVisitProposals.startAt,
      endAt: alertVisitProposals.endAt,
      interventionId: alertVisitProposals.interventionId,
      dismissReason: alertVisitProposals.dismissReason,
      dismissNote: alertVisitProposals.dismissNote,
      siteId: sites.id,
      siteName: sites.name,
      clientId: clients.id,
      clientName: clients.name,
      referentId: memberships.id,
      referentColor: memberships.color,
      referentFirstname: referentAccount.firstname,
      referentLastname: referentAccount.lastname,
    })
    .from(alertVisitProposals)
    .innerJoin(sites, eq(sites.id, alertVisitProposals.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .leftJoin(memberships, eq(memberships.id, alertVisitProposals.referentId))
    .leftJoin(referentAccount, eq(referentAccount.id, memberships.accountId));
}
type ProposalRow = Awaited<ReturnType<ReturnType<typeof proposalQuery>['execute']>>[number];

/** The `VisitProposal` of `row` for `actor`. */
function proposalResource(row: ProposalRow, actor: Actor): VisitProposal {
  return {
    '@id': `${iri('alerts', row.alertId)}/visit_proposal`,
    '@type': 'VisitProposal',
    alert_ulid: row.alertId,
    status: row.status,
    type: 'TYPE_CONTROL_VISIT',
    site: {
      '@id': iri('sites', row.siteId),
      '@type': 'Site',
      ulid: row.siteId,
      name: row.siteName,
      client_ulid: row.clientId,
    },
    client: { '@id': iri('clients', row.clientId), '@type': 'Client', ulid: row.clientId, name: row.clientName },
    referent:
      row.referentId && row.referentFirstname !== null && row.referentLastname !== null
        ? {
            '@id': iri('user_pcos', row.referentId),
            '@type': 'User',
            ulid: row.referentId,
            firstname: row.referentFirstname,
            lastname: row.referentLastname,
            color: row.referentColor,
          }
        : null,
    start_at: formatZoned(row.startAt, actor.timezone),
    end_at: formatZoned(row.endAt, actor.timezone),
    intervention: row.interventionId ? iri('interventions', row.interventionId) : null,
    dismiss_reason: (row.dismissReason as VisitDismissReason | null) ?? null,
    dismiss_note: row.dismissNote,
  };
}

/** The ULID a body reference names (`/api/sites/{ulid}` or a bare ULID). */
const ulidOf = (reference: string) => reference.split('/').pop() ?? '';

export function createResponseClockService(deps: { db: Db; interventions: InterventionsService; now?: () => Date }) {
  const { db, interventions, now = () => new Date() } = deps;

  function targetsResource(targets: ResponseTargets): ResponseTargetsResource {
    return { '@id': '/api/alert_response_targets', '@type': 'AlertResponseTargets', ...targets };
  }

  /** The alert `alertId` of the actor's space, or 404 `alert_not_found`. */
  async function alertOf(actor: Actor, alertId: string) {
    const [row] = await db
      .select({ id: alerts.id, siteId: alerts.siteId })
      .from(alerts)
      .where(and(eq(alerts.spaceId, actor.spaceId), eq(alerts.id, alertId)));
    if (!row) throw notFound('alert_not_found');
    return row;
  }

  /** The proposal of the actor's alert `alertId`: 404 `alert_not_found` or `visit_proposal_not_found`. */
  async function proposalOf(actor: Actor, alertId: string): Promise<ProposalRow> {
    await alertOf(actor, alertId);
    const [row] = await proposalQuery(db).where(
      and(eq(alertVisitProposals.spaceId, actor.spaceId), eq(alertVisitProposals.alertId, alertId)),
    );
    if (!row) throw notFound('visit_proposal_not_found');
    return row;
  }

  return {
    /** `GET /api/alert_response_targets`: the actor's space's targets by alert type (the defaults until saved). */
    async readTargets(actor: Actor): Promise<ResponseTargetsResource> {
      return targetsResource(await responseTargetsOf(db, actor.spaceId));
    },

    /** The PUT body as it stands, the base of its merge patch. */
    currentTargets(actor: Actor): Promise<ResponseTargets> {
      return responseTargetsOf(db, actor.spaceId);
    },

    /** `PUT /api/alert_response_targets`: saves every type's target (hours); running clocks follow at once. */
    async writeTargets(actor: Actor, body: ResponseTargets): Promise<ResponseTargetsResource> {
      const at = now();
      const rows = (Object.keys(DEFAULT_RESPONSE_TARGETS) as RuleAlertType[]).map((type) => ({
        spaceId: actor.spaceId,
        alertType: type,
        hours: body[type],
        updatedAt: at,
      }));
      await db
        .insert(alertResponseTargets)
        .values(rows)
        .onConflictDoUpdate({
          target: [alertResponseTargets.spaceId, alertResponseTargets.alertType],
          set: { hours: sql`excluded.hours`, updatedAt: at },
        });
      return targetsResource(await responseTargetsOf(db, actor.spaceId));
    },

    /**
     * `GET /api/alert_clocks`: the open alerts of the actor's space with no check-in on their site since they opened
     * (an acknowledged alert is closed), soonest due first, at most {@link CLOCKS_SHOWN}, each with the proposal
     * still waiting for a decision.
     */
    async clocks(actor: Actor): Promise<AlertClockCollection> {
      const at = now();
      const running = and(eq(alerts.spaceId, actor.spaceId), isNull(alerts.closedAt), sql`${firstCheckInSql} is null`);
      const [rows, [counts]] = await Promise.all([
        db
          .select({
            id: alerts.id,
            type: alerts.type,
            openedAt: alerts.openedAt,
            siteId: sites.id,
            siteName: sites.name,
            equipmentReference: equipment.reference,
            targetHours: targetHoursSql,
            dueAt: dueAtSql,
          })
          .from(alerts)
          .innerJoin(sites, eq(sites.id, alerts.siteId))
          .leftJoin(equipment, eq(equipment.id, alerts.equipmentId))
          .where(running)
          .orderBy(asc(dueAtSql), asc(alerts.id))
          .limit(CLOCKS_SHOWN),
        db
          .select({
            total: sql<number>`count(*)::int`.mapWith(Number),
            overdue: sql<number>`count(*) filter (where ${dueAtSql} < ${at})::int`.mapWith(Number),
          })
          .from(alerts)
          .where(running),
      ]);
      const proposals = rows.length
        ? await proposalQuery(db).where(
            and(
              eq(alertVisitProposals.spaceId, actor.spaceId),
              eq(alertVisitProposals.status, 'proposed'),
              sql`${alertVisitProposals.alertId} in (${sql.join(
                rows.map((r) => sql`${r.id}`),
                sql`, `,
              )})`,
            ),
          )
        : [];
      const byAlert = new Map(proposals.map((p) => [p.alertId, p]));
      const members: AlertClockItem[] = rows.map((row) => {
        const clock = responseClockOf(
          {
            openedAt: row.openedAt,
            closedAt: null,
            closeReason: null,
            targetHours: row.targetHours,
            dueAt: row.dueAt,
            respondedAt: null,
          },
          at,
        );
        const proposal = byAlert.get(row.id);
        return {
          '@id': iri('alerts', row.id),
          '@type': 'Alert',
          ulid: row.id,
          type: row.type as RuleAlertType,
          site: { '@id': iri('sites', row.siteId), '@type': 'Site', ulid: row.siteId, name: row.siteName },
          equipment_reference: row.equipmentReference,
          opened_at: formatZoned(row.openedAt, actor.timezone),
          due_at: formatZoned(row.dueAt, actor.timezone),
          target_hours: row.targetHours,
          seconds_left: clock.secondsLeft ?? 0,
          level: clock.level,
          proposal: proposal ? proposalResource(proposal, actor) : null,
        };
      });
      return {
        '@context': contextIri('Alert'),
        '@id': '/api/alert_clocks',
        '@type': 'hydra:Collection',
        'hydra:member': members,
        'hydra:totalItems': counts?.total ?? 0,
        overdue_number: counts?.overdue ?? 0,
      };
    },

    /** `GET /api/alerts/{ulid}/visit_proposal`. Throws 404 `alert_not_found`, `visit_proposal_not_found`. */
    async proposal(actor: Actor, alertId: string): Promise<VisitProposal> {
      return proposalResource(await proposalOf(actor, alertId), actor);
    },

    /**
     * `POST /api/alerts/{ulid}/visit_proposal/accept`: claims the proposal (409 `visit_proposal_already_decided`
     * when decided — also for a concurrent accept), plans the visit of `body` through the interventions service (its
     * 422s; the site must be the alert's: 422 `site_invalid`) and links it; a failed plan gives the proposal back.
     */
    async accept(actor: Actor, alertId: string, body: InterventionInput): Promise<Intervention> {
      const current = await proposalOf(actor, alertId);
      if (current.status !== 'proposed') throw new AppError('visit_proposal_already_decided');
      if (ulidOf(body.site) !== current.siteId) {
        throw validationFailed({ propertyPath: 'site', code: 'site_invalid' });
      }
      const claimed = await db
        .update(alertVisitProposals)
        .set({ status: 'accepted', decidedById: actor.membershipId, decidedAt: now() })
        .where(
          and(
            eq(alertVisitProposals.spaceId, actor.spaceId),
            eq(alertVisitProposals.alertId, alertId),
            eq(alertVisitProposals.status, 'proposed'),
          ),
        )
        .returning({ id: alertVisitProposals.alertId });
      if (!claimed.length) throw new AppError('visit_proposal_already_decided');
      let planned: Intervention;
      try {
        planned = await interventions.create(actor, body);
      } catch (error) {
        await db
          .update(alertVisitProposals)
          .set({ status: 'proposed', decidedById: null, decidedAt: null })
          .where(eq(alertVisitProposals.alertId, alertId));
        throw error;
      }
      await db
        .update(alertVisitProposals)
        .set({ interventionId: planned.ulid })
        .where(eq(alertVisitProposals.alertId, alertId));
      return planned;
    },

    /**
     * `POST /api/alerts/{ulid}/visit_proposal/dismiss`: keeps the reason and note. Throws 404, 409
     * `visit_proposal_already_decided`.
     */
    async dismiss(actor: Actor, alertId: string, body: z.output<typeof visitDismissBody>): Promise<VisitProposal> {
      await proposalOf(actor, alertId);
      const done = await db
        .update(alertVisitProposals)
        .set({
          status: 'dismissed',
          dismissReason: body.reason,
          dismissNote: body.note,
          decidedById: actor.membershipId,
          decidedAt: now(),
        })
        .where(
          and(
            eq(alertVisitProposals.spaceId, actor.spaceId),
            eq(alertVisitProposals.alertId, alertId),
            eq(alertVisitProposals.status, 'proposed'),
          ),
        )
        .returning({ id: alertVisitProposals.alertId });
      if (!done.length) throw new AppError('visit_proposal_already_decided');
      return proposalResource(await proposalOf(actor, alertId), actor);
    },
  };
}
export type ResponseClockService = ReturnType<typeof createResponseClockService>;
