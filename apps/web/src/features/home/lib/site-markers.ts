/**
 * The markers of Home's sites map (issue 15 "The overview per space"): one per positioned site, coloured by its worst
 * open alert when it is in alert, else by its status (the badges' colours, shared/ui/status.tsx). Pure, so that it is
 * tested without Leaflet.
 */
import type { SiteMapItem } from '@isoptera/contracts';
import type { BadgeTone } from '../../../shared/ui/badge';
import { alertAppearance, siteStatusAppearance } from '../../../shared/ui/status';

export interface SiteMarker {
  ulid: string;
  name: string;
  client: string;
  latitude: number;
  longitude: number;
  tone: BadgeTone;
  /** i18n keys of the status and of the worst alert (null when none). */
  statusKey: string;
  alertKey: string | null;
  inAlert: boolean;
}

/** The markers of the sites, in the answer's order (in alert first). */
export function buildSiteMarkers(sites: readonly SiteMapItem[]): SiteMarker[] {
  return sites.map((site) => {
    const inAlert = site.priority_sum > 0;
    const status = siteStatusAppearance(site.status);
    const alert = inAlert && site.main_alert_type ? alertAppearance(site.main_alert_type) : null;
    return {
      ulid: site.ulid,
      name: site.name,
      client: site.client.name,
      latitude: site.latitude,
      longitude: site.longitude,
      tone: alert?.tone ?? (inAlert ? 'red' : status.tone),
      statusKey: status.labelKey,
      alertKey: alert?.labelKey ?? null,
      inAlert,
    };
  });
}

/** The south-west and north-east corners around every marker, or null when there is none. */
export function siteMarkerBounds(markers: readonly SiteMarker[]): [[number, number], [number, number]] | null {
  if (markers.length === 0) return null;
  let [south, west, north, east] = [90, 180, -90, -180];
  for (const { latitude, longitude } of markers) {
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
  }
  return [
    [south, west],
    [north, east],
  ];
}
