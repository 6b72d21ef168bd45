/**
 * Issue 5 "Alerts": members with `mail_notification` get an e-mail for new termite and colony alerts on their sites —
 * the site's referent and the owners and managers of the PCO, each in THEIR language with the time in THEIR time zone,
 * naming the site, the client, the alert type and the station, with a link to the site. Nobody else (other
 * technicians, members who turned notifications off, disabled members, another PCO), and nobody for a battery alert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AlertsTestApp,
  alertsOf,
  buildAlertsTestApp,
  hoursAgo,
  setMailNotification,
  setSiteReferent,
} from '../../../test/alerts-support.js';
import { createInstallation, insertReadings } from '../../../test/equipment-factories.js';
import { createMember, createSpace, type TestMember } from '../../../test/factories.js';
import { setAccountLanguage } from '../../../test/me-factories.js';
import { formatMailDateTime } from '../../platform/mail/mail-dates.js';

let t: AlertsTestApp;
let spaceId: string;
/** English owner in London, Japanese manager in Tokyo, French referent technician in Paris. */
let owner: TestMember;
let manager: TestMember;
let referent: TestMember;
/** Members who must not be written to. */
let silent: TestMember[];

beforeAll(async () => {
  t = await buildAlertsTestApp();
  spaceId = await createSpace(t.db, 'pco', { name: 'Termites Gironde' });
  owner = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER', { timezone: 'Europe/London' });
  await setAccountLanguage(t.db, owner.accountId, 'en');
  manager = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER', { timezone: 'Asia/Tokyo' });
  await setAccountLanguage(t.db, manager.accountId, 'ja');
  referent = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
  const quietManager = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER');
  await setMailNotification(t, quietManager.accountId, false);
  const otherSpace = await createSpace(t.db, 'pco');
  silent = [
    quietManager,
    await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN'),
    await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_USER'),
    await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER', { status: 'disabled' }),
    await createMember(t.db, otherSpace, 'ROLE_PCO_SPACE_OWNER'),
  ];
});
afterAll(() => t.close());

async function installation(siteName: string, stationCount: number) {
  const site = await createInstallation(t.db, spaceId, { siteName, stationCount });
  await setSiteReferent(t, site.siteId, referent.membershipId);
  return site;
}

describe('termite alert e-mail', () => {
  it('writes to the referent, the owner and the managers in their language and time zone', async () => {
    const battery = await installation('Chai de Pauillac', 1);
    await insertReadings(t.db, battery.stations[0]?.id as string, [{ measuredAt: hoursAgo(1), batteryLevel: 'Low' }]);
    expect(await t.engine.evaluate({ spaceId, equipmentIds: [battery.stations[0]?.id as string] })).toMatchObject({
      opened: 1,
    });

    const site = await installation('Entrepôt Nord', 2);
    const station = site.stations[0]?.id as string;
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(1), termiteActivity: 64 }]);
    expect(await t.engine.evaluate({ spaceId, equipmentIds: [station] })).toEqual({ opened: 1, closed: 0 });
    const [alert] = await alertsOf(t, site.siteId);
    const openedAt = alert?.openedAt as Date;
    const link = `http://localhost:3000/sites/${site.siteId}`;

    const en = await t.mailbox.waitFor(owner.email, { template: 'termite_alert' });
    expect(en.subject).toBe('Termite alert on site Entrepôt Nord: Termite activity');
    expect(en.text).toContain(link);
    expect(en.text).toContain('Client: Résidence des Pins');
    expect(en.text).toContain('Station: IGS-01');
    expect(en.text).toContain(`Detected: ${formatMailDateTime(openedAt, 'en', 'Europe/London')}`);
    expect(en.html).toContain(`href="${link}"`);
    expect(en.html).toContain('>Termites Gironde</span>');

    const ja = await t.mailbox.waitFor(manager.email, { template: 'termite_alert' });
    expect(ja.subject).toBe('【シロアリアラート】Entrepôt Nord：シロアリ活動');
    expect(ja.text).toContain(formatMailDateTime(openedAt, 'ja', 'Asia/Tokyo'));
    expect(ja.text).toContain('ステーション：IGS-01');

    const fr = await t.mailbox.waitFor(referent.email, { template: 'termite_alert' });
    expect(fr.subject).toBe('Alerte termites sur le site Entrepôt Nord\u00a0: Activité de termites');
    expect(fr.text).toContain(formatMailDateTime(openedAt, 'fr', 'Europe/Paris'));

    // the same alert evaluated again writes nobody; the battery alert wrote nobody
    await t.engine.evaluate({ spaceId, equipmentIds: [station] });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const all = await t.mailbox.all();
    expect(all.filter((m) => m.template === 'termite_alert')).toHaveLength(3);
    for (const member of silent) expect(all.some((m) => m.to.includes(member.email.toLowerCase()))).toBe(false);
    expect(all.some((m) => m.subject.includes('Chai de Pauillac'))).toBe(false);
  });

  it('writes about a colony too, without a station', async () => {
    const site = await installation('Maison Dupont', 2);
    const [a, b] = site.stations.map((s) => s.id) as [string, string];
    await insertReadings(t.db, a, [{ measuredAt: hoursAgo(1), termiteActivity: 90 }]);
    await insertReadings(t.db, b, [{ measuredAt: hoursAgo(1), termiteActivity: 90 }]);
    expect(await t.engine.evaluate({ spaceId, equipmentIds: [a, b] })).toEqual({ opened: 3, closed: 0 });

    const received = [
      await t.mailbox.waitFor(owner.email, { template: 'termite_alert' }),
      await t.mailbox.waitFor(owner.email, { template: 'termite_alert' }),
      await t.mailbox.waitFor(owner.email, { template: 'termite_alert' }),
    ];
    const colony = received.find((m) => m.subject.includes('Colony detected'));
    expect(colony?.subject).toBe('Termite alert on site Maison Dupont: Colony detected');
    expect(colony?.text).not.toContain('Station:');
    expect(received.filter((m) => m.subject.includes('Termite activity'))).toHaveLength(2);
  });
});
