/**
 * The automatic reports' schedule on the web (issue 15; docs/decisions/018) against a real HTTP server answering the
 * contract's shapes: the PCO's card saves the schedule with its recipients one per line; a site follows the PCO's
 * setting (its summary shown) until it gets its own; a refused save shows the violation under its field.
 */
import {
  type AutomaticReportSettings,
  automaticReportSettingsResource,
  DEFAULT_AUTOMATIC_REPORT_SETTINGS,
  siteAutomaticReportSettingsResource,
} from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { dismissNotification } from '../../../shared/ui/notifications';
import { pcoUser, renderInSession } from '../../../test/screen-harness';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import {
  SettingsCardWithTexts as AutomaticReportSettingsCard,
  SiteSectionWithTexts as SiteScheduleSection,
} from '../with-texts';

const SITE = '01JSITE0000000000000000000';
let server: TestServer;
let pco: AutomaticReportSettings;
let own: AutomaticReportSettings | null;
let violations: Array<{ propertyPath: string; code: string }> | null;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const route = `${request.method} ${request.url.split('?')[0]}`;
    const pcoResource = () =>
      automaticReportSettingsResource.parse({
        '@id': '/api/automatic_report_settings',
        '@type': 'AutomaticReportSettings',
        ...pco,
      });
    const siteResource = () =>
      siteAutomaticReportSettingsResource.parse({
        '@id': `/api/sites/${SITE}/automatic_report_settings`,
        '@type': 'SiteAutomaticReportSettings',
        site_ulid: SITE,
        uses_pco_settings: !own,
        settings: own ?? pco,
        pco_settings: pco,
      });
    if (violations && request.method === 'PUT') return sendProblem(response, 422, 'validation_failed', violations);
    if (route === 'GET /api/automatic_report_settings') return sendJson(response, 200, pcoResource());
    if (route === 'PUT /api/automatic_report_settings') {
      pco = JSON.parse(request.body) as AutomaticReportSettings;
      return sendJson(response, 200, pcoResource());
    }
    if (route === `GET /api/sites/${SITE}/automatic_report_settings`) return sendJson(response, 200, siteResource());
    if (route === `PUT /api/sites/${SITE}/automatic_report_settings`) {
      const body = JSON.parse(request.body) as { uses_pco_settings: boolean; settings?: AutomaticReportSettings };
      own = body.uses_pco_settings ? null : (body.settings ?? null);
      return sendJson(response, 200, siteResource());
    }
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  dismissNotification();
  server.requests.length = 0;
  pco = { ...DEFAULT_AUTOMATIC_REPORT_SETTINGS, frequency: 'monthly', month_day: 1, hour: 8 };
  own = null;
  violations = null;
});

const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body));

describe('the PCO’s automatic reports card', () => {
  it('shows the stored schedule and saves it with the other recipients, one per line', async () => {
    renderInSession(<AutomaticReportSettingsCard />, { me: pcoUser() });
    const recipients = (await screen.findByRole('textbox', { name: /Other recipients/ })) as HTMLTextAreaElement;
    expect(screen.getByRole('radio', { name: 'Added to the reports to process, for review' })).toBeTruthy();
    fireEvent.change(recipients, { target: { value: 'office@client.example\n syndic@client.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Automatic reports setting saved')).toBeTruthy();
    expect(puts()).toEqual([{ ...pco, recipients: ['office@client.example', 'syndic@client.example'] }]);
  });
});

describe('a site’s automatic reports', () => {
  it('follows the PCO’s setting, shown in a sentence, until it gets its own', async () => {
    renderInSession(<SiteScheduleSection siteUlid={SITE} />, { me: pcoUser() });
    const usePco = await screen.findByRole('radio', {
      name: 'Use the PCO’s setting (Monthly, on day 1 at 08:00 — to review)',
    });
    expect((usePco as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: /Other recipients/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Its own setting' }));
    expect(await screen.findByRole('textbox', { name: /Other recipients/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Automatic reports setting saved')).toBeTruthy();
    expect(puts()).toEqual([{ uses_pco_settings: false, settings: pco }]);
  });

  it('shows a refused save’s violation under its field', async () => {
    own = { ...pco, frequency: 'weekly', weekday: 3 };
    violations = [{ propertyPath: 'settings.recipients.0', code: 'email_invalid' }];
    renderInSession(<SiteScheduleSection siteUlid={SITE} />, { me: pcoUser() });
    const recipients = (await screen.findByRole('textbox', { name: /Other recipients/ })) as HTMLTextAreaElement;
    fireEvent.change(recipients, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const section = screen.getByRole('heading', { name: 'Automatic reports' }).closest('section') as HTMLElement;
    await waitFor(() => expect(within(section).getByText('The e-mail address is not valid.')).toBeTruthy());
    expect(recipients.value).toBe('not-an-address');
  });
});
