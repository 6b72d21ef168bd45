/** Home's sites map (issue 15): each site's marker colour — its worst alert when in alert, else its status. */
import type { SiteMapItem } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { buildSiteMarkers, siteMarkerBounds } from './site-markers';

const site = (ulid: string, extra: Partial<SiteMapItem>): SiteMapItem => ({
  '@id': `/api/sites/${ulid}`,
  '@type': 'Site',
  ulid,
  name: `Site ${ulid}`,
  client: { '@id': '/api/clients/C', '@type': 'Client', ulid: 'C', name: 'Dupont SA' },
  status: 'STATUS_IN_OPERATION',
  priority_sum: 0,
  main_alert_type: null,
  latitude: 44.8,
  longitude: -0.6,
  ...extra,
});

describe('site markers', () => {
  it('colours a site in alert by its worst alert, the others by their status, and names both', () => {
    const [colony, battery, operating, planned] = buildSiteMarkers([
      site('A', { priority_sum: 50, main_alert_type: 'TYPE_COLONY_DETECTED' }),
      site('B', { priority_sum: 2, main_alert_type: 'TYPE_LOW_BATTERY', latitude: 43.6, longitude: 1.4 }),
      site('C', {}),
      site('D', { status: 'STATUS_PLANNED_INSTALL' }),
    ]);
    expect(colony).toMatchObject({ tone: 'red', inAlert: true, alertKey: 'enums:alert_type.TYPE_COLONY_DETECTED' });
    expect(battery).toMatchObject({ tone: 'amber', inAlert: true });
    expect(operating).toMatchObject({ tone: 'green', inAlert: false, alertKey: null });
    expect(planned).toMatchObject({ tone: 'blue', statusKey: 'enums:site_status.STATUS_PLANNED_INSTALL' });
  });

  it('frames every marker, or nothing when there is none', () => {
    const markers = buildSiteMarkers([site('A', {}), site('B', { latitude: 43.6, longitude: 1.4 })]);
    expect(siteMarkerBounds(markers)).toEqual([
      [43.6, -0.6],
      [44.8, 1.4],
    ]);
    expect(siteMarkerBounds([])).toBeNull();
  });
});
