/**
 * Demo automatic reports (issue 15; docs/decisions/018): the first demo PCO's most active site has its own schedule —
 * monthly, on the 1st at 08:00, to review — and last month's report already built, so that `npm start` shows one in
 * the reports to process (and its PDF, with the activity chart). The PCO's own setting stays off: the running job and
 * the alert engine do not fill the demo with reports. Deterministic for a given `now`.
 */
import { DEFAULT_AUTOMATIC_REPORT_SETTINGS } from '@isoptera/contracts';
import { sql } from 'drizzle-orm';
import { createAutomaticReportBuilder } from '../../modules/automatic-reports/automatic-reports.builder.js';
import {
  createAutomaticReportsRepository,
  rowsOf,
} from '../../modules/automatic-reports/automatic-reports.repository.js';
import type { Db } from '../../platform/db/database.js';
import type { DemoIds } from './seed-demo.js';

export async function seedAutomaticReports(db: Db, ids: DemoIds, now: Date): Promise<void> {
  const spaceId = ids.spaces.pco;
  if (!spaceId) return;
  // the site whose stations showed the most activity, else any site with equipment
  const [site] = await rowsOf<{ site_id: string }>(
    db,
    sql`
    select e.site_id
    from equipment e
    left join readings r on r.equipment_id = e.id and r.termite_activity >= 30
    where e.space_id = ${spaceId}
    group by e.site_id
    order by count(r.equipment_id) desc, e.site_id
    limit 1`,
  );
  if (!site) return;
  await createAutomaticReportsRepository(db).writeSiteSettings(spaceId, site.site_id, {
    ...DEFAULT_AUTOMATIC_REPORT_SETTINGS,
    frequency: 'monthly',
  });
  await createAutomaticReportBuilder({ db }).runPeriodic(now, { siteIds: [site.site_id], ignoreCatchUp: true });
}
