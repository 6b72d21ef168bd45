/** Issue 3 "Mail": every template in the recipient's language, branded, with parameters escaped in HTML. */
import { LANGUAGES } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import type { MailTemplate } from './mail.js';
import { formatMailPeriod } from './mail-dates.js';
import { escapeHtml, mailBranding, renderMail } from './mail-render.js';

const APP = 'https://app.isoptera.example';
const brand = mailBranding({ name: 'Sud-Ouest Protection', logo: '/uploads/logos/sop.png' }, APP, 'fr');

const PARAMS: Record<MailTemplate, Record<string, string>> = {
  two_factor_code: { code: '482915' },
  password_reset: { link: `${APP}/renew-password?token=abc` },
  invitation: {
    link: `${APP}/activation?token=abc&user_type=pco`,
    inviter: 'Claire Martin',
    role: 'ROLE_PCO_SPACE_MANAGER',
    space: 'Sud-Ouest Protection',
  },
  easy_connect: { link: `${APP}/easy-connect?token=abc`, inviter: 'Claire Martin' },
  email_change: { link: `${APP}/validate-new-email?token=abc` },
  intervention_scheduled: {
    client: 'Château Margaux',
    site: 'Chai principal',
    address: '1 route de Margaux, 33460 Margaux, France',
    contact: 'Jeanne Roux',
    contact_phone: '+33 5 57 88 83 83',
    type: 'TYPE_CONTROL_VISIT',
    start: 'mardi 10 juin 2030 à 09:00',
    end: '11:30',
    description: 'Accès par le portail nord',
  },
  intervention_changed: {
    client: 'A',
    site: 'B',
    start: 'lundi 1 juillet 2030 à 08:00',
    end: '09:00',
    description: '',
  },
  intervention_cancelled: { client: 'A', site: 'B', start: 'lundi 1 juillet 2030 à 08:00', end: '09:00' },
  contract_renewed: {
    reference: 'CT-2030-12',
    client: 'Château Margaux',
    site: 'Chai principal',
    end: 'lundi 30 juin 2031',
  },
  termite_alert: {
    site: 'Chai principal',
    client: 'Château Margaux',
    type: 'TYPE_TERMITE_ALERT',
    station: 'IGS-07',
    time: 'mardi 10 juin 2030 à 09:00',
    link: `${APP}/sites/01J0000000000000000000000`,
  },
  response_target_missed: {
    site: 'Chai principal',
    client: 'Château Margaux',
    type: 'TYPE_COLONY_DETECTED',
    station: '',
    opened: 'mardi 10 juin 2030 à 09:00',
    due: 'vendredi 13 juin 2030 à 09:00',
    target: '72',
    link: `${APP}/sites/01J0000000000000000000000`,
  },
  visit_report: { site: 'Chai principal', client: 'Château Margaux', date: '10 juin 2030', type: 'TYPE_CONTROL_VISIT' },
};
const TEMPLATES = Object.keys(PARAMS) as MailTemplate[];

describe('renderMail', () => {
  it.each(TEMPLATES)('writes %s in five different languages, without an untranslated key', (template) => {
    const subjects = LANGUAGES.map((lang) => renderMail({ template, lang, params: PARAMS[template] }, brand).subject);
    expect(new Set(subjects).size).toBe(LANGUAGES.length);
    for (const lang of LANGUAGES) {
      const mail = renderMail({ template, lang, params: PARAMS[template] }, brand);
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/(mail|enums):[a-z_]+|\{\{/);
      expect(mail.html).toContain(`<html lang="${lang}"`);
    }
  });

  it('writes Japanese for a Japanese recipient and French for a French one', () => {
    const ja = renderMail({ template: 'two_factor_code', lang: 'ja', params: { code: '482915' } }, brand);
    const fr = renderMail({ template: 'two_factor_code', lang: 'fr', params: { code: '482915' } }, brand);
    expect(ja.subject).toContain('確認コード');
    expect(ja.text).toContain('有効期限は10分');
    expect(fr.subject).toBe('Votre code de connexion à Isoptera');
    expect(fr.text).toContain('valable 10 minutes');
  });

  it('puts the two-factor code in the text part as the first bare number, and large in the HTML part', () => {
    const space = mailBranding({ name: 'Termites 2000', logo: null }, APP, 'en');
    const mail = renderMail({ template: 'two_factor_code', lang: 'en', params: { code: '004271' } }, space);
    expect(mail.text.match(/\d{4,8}/)?.[0]).toBe('004271');
    expect(mail.html).toMatch(/font-size:32px[^>]*>004271<\/p>/);
  });

  it('shows the space name and its logo made absolute with the app URL', () => {
    const mail = renderMail({ template: 'email_change', lang: 'fr', params: PARAMS.email_change }, brand);
    expect(mail.html).toContain(`<img src="${APP}/uploads/logos/sop.png"`);
    expect(mail.html).toContain('>Sud-Ouest Protection</span>');
    expect(mail.text).toContain('Sud-Ouest Protection');
  });

  it('keeps an absolute logo, drops a logo that is not http(s), and brands with the product without a space', () => {
    expect(mailBranding({ name: 'X', logo: 'https://cdn.example/x.png' }, APP, 'en').logoUrl).toBe(
      'https://cdn.example/x.png',
    );
    expect(mailBranding({ name: 'X', logo: 'javascript:alert(1)' }, APP, 'en').logoUrl).toBeNull();
    const product = mailBranding(null, APP, 'ja');
    expect(product).toEqual({ name: 'Isoptera', logoUrl: null });
    const mail = renderMail({ template: 'password_reset', lang: 'ja', params: PARAMS.password_reset }, product);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('>Isoptera</span>');
  });

  it('escapes every parameter in the HTML part and keeps them as typed in the text part', () => {
    const evil = '<script>alert("x")</script>';
    const space = mailBranding({ name: 'Tom & <b>Jerry</b>', logo: '/logo.png?a=1&b="2"' }, APP, 'en');
    const mail = renderMail(
      {
        template: 'invitation',
        lang: 'en',
        params: { link: `${APP}/activation?token=a&b="c"`, inviter: evil, role: 'ROLE_PCO_SPACE_TECHNICIAN' },
      },
      space,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Jerry');
    expect(mail.html).toContain(escapeHtml(evil));
    expect(mail.html).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;');
    expect(mail.html).toContain(`href="${APP}/activation?token=a&amp;b=&quot;c&quot;"`);
    expect(mail.html).toContain('src="https://app.isoptera.example/logo.png?a=1&amp;b=%222%22"');
    expect(mail.text).toContain(`${evil} has invited you to join Tom & <b>Jerry</b> on Isoptera as Technician.`);
  });

  it('gives the invitation the inviter, the translated role and the link, in text and HTML', () => {
    const link = `${APP}/activation?token=abc&user_type=pco`;
    const mail = renderMail({ template: 'invitation', lang: 'pt', params: PARAMS.invitation }, brand);
    expect(mail.subject).toBe('Convite para se juntar a Sud-Ouest Protection no Isoptera');
    expect(mail.text).toContain('Claire Martin enviou-lhe um convite');
    expect(mail.text).toContain('com a função de Gestor');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    const anonymous = renderMail(
      { template: 'invitation', lang: 'en', params: { ...PARAMS.invitation, inviter: '' } },
      brand,
    );
    expect(anonymous.text).toContain('You have been invited to join Sud-Ouest Protection on Isoptera as Manager.');
  });

  it('lists the visit details with labels of the language, the type translated and lines kept', () => {
    const params = { ...PARAMS.intervention_scheduled, description: 'Portail nord\nCode 1234' };
    const mail = renderMail({ template: 'intervention_scheduled', lang: 'fr', params }, brand);
    expect(mail.subject).toBe('Intervention planifiée le mardi 10 juin 2030 à 09:00');
    // written to a technician of the visit, who learns whom to meet on site
    expect(mail.text).toContain(
      'Sud-Ouest Protection a planifié une intervention sur le site Chai principal et vous compte parmi les intervenants.',
    );
    expect(mail.text).toContain('Adresse\u00a0: 1 route de Margaux, 33460 Margaux, France');
    expect(mail.text).toContain('Contact sur place\u00a0: Jeanne Roux');
    expect(mail.text).toContain('Téléphone du contact\u00a0: +33 5 57 88 83 83');
    expect(mail.text).toContain('Type d’intervention\u00a0: Visite de contrôle');
    expect(mail.text).toContain('Fin\u00a0: 11:30');
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain('Portail nord<br>Code 1234');
    const cancelled = renderMail(
      { template: 'intervention_cancelled', lang: 'it', params: { ...PARAMS.intervention_cancelled, start: 'lunedì' } },
      brand,
    );
    expect(cancelled.subject).toBe('Intervento annullato: lunedì');
    expect(cancelled.text).not.toContain('Descrizione');
    expect(cancelled.text).not.toContain('Referente sul posto');
  });
});

describe('formatMailPeriod', () => {
  const start = new Date('2030-06-10T07:00:00Z');
  it('writes the start in full and the end as a time on the same day, in the given zone and language', () => {
    expect(formatMailPeriod(start, new Date('2030-06-10T09:30:00Z'), 'fr', 'Europe/Paris')).toEqual({
      start: 'lundi 10 juin 2030 à 09:00',
      end: '11:30',
    });
    expect(formatMailPeriod(start, new Date('2030-06-10T09:30:00Z'), 'ja', 'Asia/Tokyo').start).toBe(
      '2030年6月10日月曜日 16:00',
    );
  });

  it('writes the end in full when it falls on another day in that zone', () => {
    const period = formatMailPeriod(start, new Date('2030-06-10T16:00:00Z'), 'en', 'Asia/Tokyo');
    expect(period).toEqual({ start: 'Monday, 10 June 2030 at 16:00', end: 'Tuesday, 11 June 2030 at 01:00' });
  });
});
