/**
 * The alert routes' rules (issue 5 "Alerts"; SPEC §2.7 "Sites" alert log): the space's alerts and one alert, a site's
 * alert log, acknowledging an alert, and the space's alert thresholds. The rules that open and close alerts live in
 * alert-engine.ts.
 */
import type {
  AlertListQuery,
  AlertLogEntry,
  AlertSettings,
  AlertSettingsResource,
  HydraCollection,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { readAlertSettings, writeAlertSettings } from './alert-engine.repository.js';
import type { AlertNotifier } from './alert-notify.js';
import type { AlertsRepository } from './alerts.repository.js';
import { alertLogEntry } from './alerts.resource.js';

/** The thresholds of the actor's space as the resource `/api/alert_settings`. */
function settingsResource(settings: AlertSettings): AlertSettingsResource {
  return { '@id': '/api/alert_settings', '@type': 'AlertSettings', ...settings };
}

export function createAlertsService(deps: {
  db: Db;
  repository: AlertsRepository;
  notifier: AlertNotifier;
  now?: () => Date;
}) {
  const { db, repository, notifier, now = () => new Date() } = deps;
  return {
    /**
     * `GET /api/alerts?page&itemsPerPage&site.ulid&equipment.ulid&status&type`: the alerts of the actor's space, open
     * and closed, newest first, as a hydra collection (totals exact up to 1 000, then estimated). A filter naming
     * another space's site or equipment matches nothing, as an unknown ULID does.
     */
    async list(actor: Actor, query: AlertListQuery, url: string): Promise<HydraCollection<AlertLogEntry>> {
      const window = pageWindow(query);
      const page = await repository.listPage(
        actor.spaceId,
        {
          siteId: query['site.ulid']?.trim() || undefined,
          equipmentId: query['equipment.ulid']?.trim() || undefined,
          status: query.status,
          type: query.type,
        },
        window,
      );
      return hydraCollection(
        url,
        page.rows.map((row) => alertLogEntry(row, actor)),
        page.total,
        window,
        'Alert',
        { hasNext: page.hasNext },
      );
    },

    /** `GET /api/alerts/{ulid}`: an alert of the actor's space. 404 `alert_not_found` (another space's too). */
    async detail(actor: Actor, alertId: string): Promise<AlertLogEntry> {
      const row = await repository.findLogRow(actor.spaceId, alertId);
      if (!row) throw notFound('alert_not_found');
      return alertLogEntry(row, actor);
    },

    /**
     * `GET /api/sites/{id}/logs?page&equipment.ulid`: the alerts of a site of the actor's space, open and closed,
     * newest first, 30 a page, optionally of one equipment. 404 `site_not_found` for a site of another space.
     */
    async log(
      actor: Actor,
      siteId: string,
      query: { page: number; 'equipment.ulid'?: string | undefined },
      url: string,
    ): Promise<HydraCollection<AlertLogEntry>> {
      if (!(await repository.siteExists(actor.spaceId, siteId))) throw notFound('site_not_found');
      const window = pageWindow({ page: query.page });
      const equipmentId = query['equipment.ulid']?.trim() || undefined;
      const { rows, total } = await repository.logPage(actor.spaceId, siteId, equipmentId, window);
      return hydraCollection(
        url,
        rows.map((row) => alertLogEntry(row, actor)),
        total,
        window,
        'Alert',
      );
    },

    /**
     * `POST /api/alerts/{ulid}/acknowledge`: closes an open alert of the actor's space (reason `acknowledged`, by the
     * actor's membership), recomputes its site's priority and tells the open browsers. 404 `alert_not_found`; 409
     * `alert_already_closed`.
     */
    async acknowledge(actor: Actor, alertId: string): Promise<AlertLogEntry> {
      const result = await repository.acknowledge(actor.spaceId, alertId, actor.membershipId, now());
      if (result === 'not_found') throw notFound('alert_not_found');
      if (result === 'closed') throw new AppError('alert_already_closed');
      notifier.announce([], [result]);
      const row = await repository.findLogRow(actor.spaceId, alertId);
      if (!row) throw notFound('alert_not_found');
      return alertLogEntry(row, actor);
    },

    /** `GET /api/alert_settings`: the thresholds of the actor's space (the defaults until the owner saves them). */
    async readSettings(actor: Actor): Promise<AlertSettingsResource> {
      return settingsResource(await readAlertSettings(db, actor.spaceId));
    },

    /** The `PUT /api/alert_settings` body as it stands (the thresholds), the base of its merge patch (`PATCH`). */
    currentSettings(actor: Actor): Promise<AlertSettings> {
      return readAlertSettings(db, actor.spaceId);
    },

    /** `PUT /api/alert_settings`: saves the thresholds of the actor's space; they apply from the next evaluation. */
    async writeSettings(actor: Actor, body: AlertSettings): Promise<AlertSettingsResource> {
      await writeAlertSettings(db, actor.spaceId, body);
      return settingsResource(await readAlertSettings(db, actor.spaceId));
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
