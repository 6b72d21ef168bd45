/**
 * The automatic reports' schedule (issue 15; docs/decisions/018): the PCO's (`/api/automatic_report_settings`) and a
 * site's override (`/api/sites/{id}/automatic_report_settings`), always of the actor's space (another space's site:
 * 404 `site_not_found`).
 */
import type {
  AutomaticReportSettings,
  AutomaticReportSettingsResource,
  SiteAutomaticReportSettingsResource,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { AutomaticReportsRepository } from './automatic-reports.repository.js';

const PATH = '/api/automatic_report_settings';

export function createAutomaticReportsService(repository: AutomaticReportsRepository) {
  const resource = (settings: AutomaticReportSettings): AutomaticReportSettingsResource => ({
    '@id': PATH,
    '@type': 'AutomaticReportSettings',
    ...settings,
  });

  async function siteResource(actor: Actor, siteId: string): Promise<SiteAutomaticReportSettingsResource> {
    if (!(await repository.siteExists(actor.spaceId, siteId))) throw notFound('site_not_found');
    const [own, pco] = await Promise.all([
      repository.siteSettings(actor.spaceId, siteId),
      repository.pcoSettings(actor.spaceId),
    ]);
    return {
      '@id': `/api/sites/${siteId}/automatic_report_settings`,
      '@type': 'SiteAutomaticReportSettings',
      site_ulid: siteId,
      uses_pco_settings: !own,
      settings: own ?? pco,
      pco_settings: pco,
    };
  }

  return {
    /** `GET /api/automatic_report_settings`: the PCO's schedule (the defaults, off, until saved). */
    async read(actor: Actor): Promise<AutomaticReportSettingsResource> {
      return resource(await repository.pcoSettings(actor.spaceId));
    },
    /** The `PUT` body as it stands: the base of its merge patch. */
    current(actor: Actor): Promise<AutomaticReportSettings> {
      return repository.pcoSettings(actor.spaceId);
    },
    /** `PUT /api/automatic_report_settings` (owner): saves the PCO's schedule. */
    async write(actor: Actor, body: AutomaticReportSettings): Promise<AutomaticReportSettingsResource> {
      await repository.writePcoSettings(actor.spaceId, body);
      return resource(await repository.pcoSettings(actor.spaceId));
    },
    /** `GET /api/sites/{id}/automatic_report_settings`. 404 `site_not_found`. */
    readSite: siteResource,
    /** `PUT /api/sites/{id}/automatic_report_settings`: the PCO's schedule or the site's own. 404 `site_not_found`. */
    async writeSite(
      actor: Actor,
      siteId: string,
      body: { uses_pco_settings: boolean; settings?: AutomaticReportSettings | null | undefined },
    ): Promise<SiteAutomaticReportSettingsResource> {
      if (!(await repository.siteExists(actor.spaceId, siteId))) throw notFound('site_not_found');
      await repository.writeSiteSettings(
        actor.spaceId,
        siteId,
        body.uses_pco_settings ? null : (body.settings ?? null),
      );
      return siteResource(actor, siteId);
    },
  };
}
export type AutomaticReportsService = ReturnType<typeof createAutomaticReportsService>;
