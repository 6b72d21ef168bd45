/**
 * Issue 12 "Lifecycle" and "The PDF" (SPEC §2.7 "Reports": download PDF, send to customer, resend, mark as processed
 * without sending; §4 "Reports"): send freezes the PDF and mails it attached in the report's language, resend mails
 * the same PDF, discard and reopen; every other move answers 409 with a code.
 */
import { createHash } from 'node:crypto';
import type { Report } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { renderedDocuments, testPdfText, violations } from '../../../test/report-factories.js';
import { asOwner, ctx, recordedReport, setUpReportsApp } from './reports.test-support.js';

setUpReportsApp();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdfOf = async (ulid: string) => {
  const response = await asOwner('GET', `/api/reports/${ulid}/pdf`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('POST /api/reports/{ulid}/send', () => {
  it('freezes the PDF, mails it attached to each recipient in the report’s language, and moves the report to sent', async () => {
    const { report, contactEmail } = await recordedReport({ siteName: 'Entrepôt Nord', stationCount: 2 });
    await asOwner('PATCH', `/api/reports/${report.ulid}`, { language: 'en', summary: 'Nothing found.' });
    const extra = `Extra.${report.ulid}@Customer.example`;
    const response = await asOwner('POST', `/api/reports/${report.ulid}/send`, {
      recipients: [contactEmail, extra, contactEmail],
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json() as Report;
    expect(sent).toMatchObject({ status: 'sent', discarded_at: null, pdf_url: `/api/reports/${report.ulid}/pdf` });
    expect(sent.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(sent.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.deliveries).toEqual([
      {
        kind: 'send',
        at: sent.sent_at,
        by: expect.objectContaining({ member_ulid: ctx.team.owner.membershipId }),
        recipients: [contactEmail, extra.toLowerCase()],
      },
    ]);
    // the document the renderer got: no draft mark, the report's language
    expect(renderedDocuments.at(-1)).toMatchObject({
      ulid: report.ulid,
      status: 'sent',
      lang: 'en',
      summary: 'Nothing found.',
    });

    const frozen = (await pdfOf(report.ulid)).rawPayload;
    expect(sha256(frozen)).toBe(sent.pdf_sha256);
    expect(testPdfText(frozen)).toBe(`Report ${report.ulid} sent en 2 stations`);

    const day = sent.visit_ended_at.slice(0, 10);
    for (const to of [contactEmail, extra.toLowerCase()]) {
      const mail = await ctx.t.mailbox.waitFor(to, { template: 'visit_report' });
      expect(mail.subject).toContain('Entrepôt Nord');
      expect(mail.subject).toContain('report of the visit');
      expect(mail.text).toContain('The report is attached to this e-mail as a PDF file.');
      const [attachment, ...others] = mail.parsed.attachments;
      expect(others).toEqual([]);
      expect(attachment?.filename).toBe(`report-entrepot-nord-${day}.pdf`);
      expect(attachment?.contentType).toBe('application/pdf');
      expect(sha256(attachment?.content as Buffer)).toBe(sent.pdf_sha256);
    }
  });

  it('answers 422 without a recipient or with a malformed one, and 409 report_not_to_process once processed', async () => {
    const { report } = await recordedReport();
    const url = `/api/reports/${report.ulid}/send`;
    expect(violations(await asOwner('POST', url, { recipients: [] }))).toEqual(['recipients:recipients_required']);
    expect(violations(await asOwner('POST', url, {}))).toEqual(['recipients:recipients_required']);
    expect(violations(await asOwner('POST', url, { recipients: ['not an address'] }))).toEqual([
      'recipients.0:email_invalid',
    ]);
    expect((await asOwner('POST', url, { recipients: ['a@customer.example'] })).statusCode).toBe(200);
    const again = await asOwner('POST', url, { recipients: ['a@customer.example'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'report_not_to_process' });
    const discard = await asOwner('POST', `/api/reports/${report.ulid}/discard`, { reason: 'x' });
    expect(discard.json()).toMatchObject({ error: 'report_not_to_process' });
    const reopen = await asOwner('POST', `/api/reports/${report.ulid}/reopen`);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({ error: 'report_not_discarded' });
  });

  it('applies the checks’ removed and replaced stations to the site’s equipment', async () => {
    const { report, site } = await recordedReport({ stationCount: 3 });
    const [removed, replaced, kept] = site.stations.map((s) => s.id) as [string, string, string];
    const patched = await asOwner('PATCH', `/api/reports/${report.ulid}`, {
      station_checks: [
        { equipment: removed, result: 'missing', action: 'removed' },
        { equipment: replaced, result: 'damaged', action: 'station_replaced' },
        { equipment: kept, result: 'no_activity', action: 'installed' },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // nothing happens to the equipment while the report is to process
    expect((await asOwner('GET', `/api/equipment/${removed}`)).statusCode).toBe(200);
    const sent = await asOwner('POST', `/api/reports/${report.ulid}/send`, { recipients: ['a@customer.example'] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await asOwner('GET', `/api/equipment/${removed}`)).statusCode).toBe(404);
    const station = (await asOwner('GET', `/api/equipment/${replaced}`)).json();
    expect(new Date(station.installed_at).getTime()).toBe(new Date(report.visit_ended_at).getTime());
    expect((await asOwner('GET', `/api/equipment/${kept}`)).statusCode).toBe(200);
    // the report keeps the snapshot of the removed station
    const after = (await asOwner('GET', `/api/reports/${report.ulid}`)).json() as Report;
    expect(after.station_checks.map((c) => [c.reference, c.equipment, c.action])).toEqual([
      ['IGS-01', null, 'removed'],
      ['IGS-02', `/api/equipment/${replaced}`, 'station_replaced'],
      ['IGS-03', `/api/equipment/${kept}`, 'installed'],
    ]);
  });
});

describe('POST /api/reports/{ulid}/resend', () => {
  it('mails the same frozen PDF again, to the last recipients or to new ones, and keeps each delivery', async () => {
    const { report } = await recordedReport();
    const first = `first.${report.ulid.toLowerCase()}@customer.example`;
    const second = `second.${report.ulid.toLowerCase()}@customer.example`;
    const notYet = await asOwner('POST', `/api/reports/${report.ulid}/resend`, {});
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ error: 'report_not_sent' });
    const sent = (await asOwner('POST', `/api/reports/${report.ulid}/send`, { recipients: [first] })).json() as Report;
    await ctx.t.mailbox.waitFor(first, { template: 'visit_report' });

    const again = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/reports/${report.ulid}/resend`,
      headers: { cookie: ctx.team.manager.cookie, 'client-type': 'webapp' },
      payload: {},
    });
    expect(again.statusCode, again.body).toBe(200);
    const other = await asOwner('POST', `/api/reports/${report.ulid}/resend`, { recipients: [second] });
    const body = other.json() as Report;
    expect(body.pdf_sha256).toBe(sent.pdf_sha256);
    expect(body.sent_at).toBe(sent.sent_at);
    expect(body.deliveries.map((d) => [d.kind, d.by?.member_ulid, d.recipients])).toEqual([
      ['send', ctx.team.owner.membershipId, [first]],
      ['resend', ctx.team.manager.membershipId, [first]],
      ['resend', ctx.team.owner.membershipId, [second]],
    ]);
    for (const to of [first, second]) {
      const mail = await ctx.t.mailbox.waitFor(to, { template: 'visit_report' });
      expect(sha256(mail.parsed.attachments[0]?.content as Buffer)).toBe(sent.pdf_sha256);
    }
    expect(sha256((await pdfOf(report.ulid)).rawPayload)).toBe(sent.pdf_sha256);
  });
});

describe('discard and reopen', () => {
  it('discards with a reason into the history, and reopens it to process', async () => {
    const { report } = await recordedReport();
    const url = `/api/reports/${report.ulid}`;
    expect(violations(await asOwner('POST', `${url}/discard`, {}))).toEqual(['reason:reason_required']);
    expect(violations(await asOwner('POST', `${url}/discard`, { reason: '   ' }))).toEqual(['reason:reason_required']);
    expect(violations(await asOwner('POST', `${url}/discard`, { reason: 'x'.repeat(501) }))).toEqual([
      'reason:reason_invalid',
    ]);
    const discarded = await asOwner('POST', `${url}/discard`, { reason: '  Client absent, visite refaite  ' });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toMatchObject({
      status: 'discarded',
      discard_reason: 'Client absent, visite refaite',
      sent_at: null,
    });
    expect(discarded.json().discarded_at).toEqual(expect.any(String));
    const twice = await asOwner('POST', `${url}/discard`, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'report_not_to_process' });
    const send = await asOwner('POST', `${url}/send`, { recipients: ['a@customer.example'] });
    expect(send.json()).toMatchObject({ error: 'report_not_to_process' });
    // a discarded report's PDF is drawn on demand, never frozen
    expect(testPdfText((await pdfOf(report.ulid)).rawPayload)).toContain('discarded');

    const reopened = await asOwner('POST', `${url}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'to_process', discard_reason: null, discarded_at: null });
    const again = await asOwner('POST', `${url}/reopen`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'report_not_discarded' });
    expect((await asOwner('PATCH', url, { summary: 'Repris' })).statusCode).toBe(200);
  });
});

describe('GET /api/reports/{ulid}/pdf', () => {
  it('draws a report to process now, marked draft, as an inline PDF named after the site and the day', async () => {
    const { report } = await recordedReport({ siteName: 'Résidence Les Pins / Bât. B', stationCount: 1 });
    const response = await pdfOf(report.ulid);
    expect(response.headers['content-type']).toBe('application/pdf');
    const day = report.visit_ended_at.slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="report-residence-les-pins-bat-b-${day}.pdf"; ` +
        `filename*=UTF-8''report-residence-les-pins-bat-b-${day}.pdf`,
    );
    expect(response.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');
    expect(testPdfText(response.rawPayload)).toBe(`Report ${report.ulid} to_process fr 1 stations`);
    const doc = renderedDocuments.at(-1);
    expect(doc).toMatchObject({
      status: 'to_process',
      type: 'TYPE_CONTROL_VISIT',
      site: { name: 'Résidence Les Pins / Bât. B', address: ['8 allée des Lilas, 33700 Mérignac'] },
      client: { company: true },
      signatures: { customer: { absent: false, name: '' }, technician: { name: expect.any(String), image: null } },
    });
    expect(doc?.visit.endedAt).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(doc?.stationChecks).toEqual([
      expect.objectContaining({ reference: 'IGS-01', kind: 'igs', result: 'no_activity', action: 'inspected' }),
    ]);
  });
});
