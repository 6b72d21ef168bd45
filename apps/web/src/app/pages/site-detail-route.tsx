/**
 * The SiteDetail route (`/sites/{siteUlid}`, SPEC §2.7 "Sites: detail"): the sites feature's page with the sections
 * of other features composed in (features never import each other, ARCHITECTURE §3 rule 1): the equipment list and
 * map, the readings chart of the selected station, the alert log, the site's contracts (issue 13) and its automatic reports' schedule (issue 15).
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { AlertLog, StationChart } from '../../features/alerts';
import { SiteAutomaticReportsSection } from '../../features/automatic-reports';
import { ContractsSection } from '../../features/contracts';
import { EquipmentSection } from '../../features/equipment';
import { SiteDetailPage } from '../../features/sites/pages/site-detail-page';

/** The site detail with its equipment, the selected station's readings and the alert log. */
export function SiteDetailRoute() {
  const { siteUlid = '' } = useParams();
  const [station, setStation] = useState<{ ulid: string; reference: string } | null>(null);

  // another site: no station selected
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a change of site only
  useEffect(() => setStation(null), [siteUlid]);

  return (
    <SiteDetailPage
      sections={(site) => (
        <>
          <EquipmentSection
            site={site}
            selectedStationUlid={station?.ulid ?? null}
            onSelectStation={(ulid, reference) => setStation(ulid ? { ulid, reference: reference ?? '' } : null)}
          />
          {station ? (
            <StationChart key={station.ulid} stationUlid={station.ulid} reference={station.reference} />
          ) : null}
          <AlertLog siteUlid={site.ulid} withLogsLink />
          <ContractsSection scope={{ site: site.ulid }} sites={[{ ulid: site.ulid, name: site.name }]} />
          <SiteAutomaticReportsSection siteUlid={site.ulid} />
        </>
      )}
    />
  );
}
