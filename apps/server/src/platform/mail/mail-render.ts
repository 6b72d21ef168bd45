/**
 * The e-mail templates (issue 3 "Mail"): subject, HTML part and text part of each {@link MailTemplate} in the
 * recipient's language, from the `mail` catalogue of packages/i18n, branded with the space's name and logo (the
 * product's name when the mail belongs to no space). Every parameter is HTML-escaped in the HTML part; the texts of
 * the catalogue are escaped too. Pure functions: no database, no clock.
 */
import {
  EASY_CONNECT_TTL_HOURS,
  EMAIL_CHANGE_TTL_HOURS,
  INVITATION_TTL_DAYS,
  type Language,
  PASSWORD_RESET_TTL_MINUTES,
  TWO_FACTOR_CODE_TTL_MINUTES,
} from '@isoptera/contracts';
import { type TranslateParams, translate } from '@isoptera/i18n';
import { loadCatalogues } from '@isoptera/i18n/load-catalogues';
import type { MailRequest, MailTemplate } from './mail.js';

const catalogues = loadCatalogues();

/** Who the mail comes from, as shown in its header. */
export interface MailBranding {
  /** The space's name, or the product's name. */
  name: string;
  /** Absolute http(s) URL of the logo, or null (no image). */
  logoUrl: string | null;
}

/** A rendered message, ready for the transport. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The product's name in `lang` (the branding of mails that belong to no space). */
export function productName(lang: Language): string {
  return translate(catalogues, lang, 'mail:product');
}

/**
 * The branding of a mail of `space` (its name and logo), or the product's when `space` is null. A relative logo
 * (`/uploads/…`) is made absolute against `appUrl`; a logo that is not http(s) afterwards is dropped.
 */
export function mailBranding(
  space: { name: string; logo: string | null } | null | undefined,
  appUrl: string,
  lang: Language,
): MailBranding {
  if (!space) return { name: productName(lang), logoUrl: null };
  let logoUrl: string | null = null;
  if (space.logo) {
    try {
      const url = new URL(space.logo, appUrl.endsWith('/') ? appUrl : `${appUrl}/`);
      if (url.protocol === 'http:' || url.protocol === 'https:') logoUrl = url.href;
    } catch {
      logoUrl = null;
    }
  }
  return { name: space.name, logoUrl };
}

/** `value` with the five HTML-significant characters replaced by entities (text and attribute safe). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A translated sentence of the catalogue with its parameters. */
interface Phrase {
  key: string;
  params?: TranslateParams;
}

/** What a template says, before layout. */
interface MailContent {
  subject: Phrase;
  intro: Phrase;
  /** A one-time code shown large (two-factor). */
  code?: string;
  /** The call to action: a button in HTML, the bare URL in text. */
  action?: { label: Phrase; link: string };
  /** Label/value rows (interventions). Values are plain text. */
  details?: { label: Phrase; value: string }[];
  notes: Phrase[];
}

/** Interpolation markers that survive HTML escaping (private-use characters), replaced by the escaped values. */
const MARK = '\uE000';

function makeTranslator(lang: Language, base: TranslateParams) {
  const text = (phrase: Phrase): string => translate(catalogues, lang, phrase.key, { ...base, ...phrase.params });
  /** The phrase as HTML: the catalogue text and every parameter escaped separately. */
  const html = (phrase: Phrase): string => {
    const all: TranslateParams = { ...base, ...phrase.params };
    const names = Object.keys(all).filter((name) => name !== 'count');
    const marked: TranslateParams = { count: all.count };
    names.forEach((name, index) => {
      marked[name] = `${MARK}${index}${MARK}`;
    });
    const escaped = escapeHtml(translate(catalogues, lang, phrase.key, marked));
    return escaped.replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_whole, index: string) => {
      const value = all[names[Number(index)] as string];
      return escapeHtml(value === undefined || value === null ? '' : String(value));
    });
  };
  return { text, html };
}

const param = (params: Record<string, string>, name: string): string => params[name] ?? '';

/** Translates a role code (`ROLE_PCO_SPACE_MANAGER`) or an intervention type code; other values pass unchanged. */
function enumLabel(lang: Language, group: 'role' | 'intervention_type' | 'alert_type', value: string): string {
  if (!/^(ROLE|TYPE)_[A-Z_]+$/.test(value)) return value;
  const key = `enums:${group}.${value}`;
  const label = translate(catalogues, lang, key);
  return label === key ? value : label;
}

function interventionContent(
  template: 'intervention_scheduled' | 'intervention_changed' | 'intervention_cancelled',
  params: Record<string, string>,
  lang: Language,
): MailContent {
  const rows: [string, string][] = [
    ['client', param(params, 'client')],
    ['site', param(params, 'site')],
    ['address', param(params, 'address')],
    ['site_contact', param(params, 'contact')],
    ['site_contact_phone', param(params, 'contact_phone')],
    ['type', params.type ? enumLabel(lang, 'intervention_type', params.type) : ''],
    ['start', param(params, 'start')],
    ['end', param(params, 'end')],
    ['description', param(params, 'description')],
  ];
  return {
    subject: { key: `mail:${template}.subject` },
    intro: { key: `mail:${template}.intro` },
    details: rows
      .filter(([, value]) => value.trim() !== '')
      .map(([name, value]) => ({ label: { key: `mail:intervention.${name}` }, value })),
    notes: [{ key: 'mail:intervention.schedule' }],
  };
}

/** A new termite or colony alert (issue 5 "Alerts"): what, where, when, and the link to the site. */
function termiteAlertContent(params: Record<string, string>, lang: Language): MailContent {
  const type = enumLabel(lang, 'alert_type', param(params, 'type'));
  const rows: [string, string][] = [
    ['type', type],
    ['client', param(params, 'client')],
    ['site', param(params, 'site')],
    ['station', param(params, 'station')],
    ['time', param(params, 'time')],
  ];
  return {
    subject: { key: 'mail:termite_alert.subject', params: { type } },
    intro: { key: 'mail:termite_alert.intro', params: { type } },
    action: { label: { key: 'mail:termite_alert.action' }, link: param(params, 'link') },
    details: rows
      .filter(([, value]) => value.trim() !== '')
      .map(([name, value]) => ({ label: { key: `mail:termite_alert.${name}` }, value })),
    notes: [{ key: 'mail:termite_alert.why' }],
  };
}

/**
 * An alert that missed its response target (issue 15; docs/decisions/019), to the space's owner: which alert, where,
 * when it opened and was due, the target, and the link to the site.
 */
function responseTargetMissedContent(params: Record<string, string>, lang: Language): MailContent {
  const type = enumLabel(lang, 'alert_type', param(params, 'type'));
  const about = { type, site: param(params, 'site'), target: param(params, 'target') };
  const rows: [string, string][] = [
    ['type', type],
    ['client', param(params, 'client')],
    ['site', param(params, 'site')],
    ['station', param(params, 'station')],
    ['opened', param(params, 'opened')],
    ['due', param(params, 'due')],
  ];
  return {
    subject: { key: 'mail:response_target_missed.subject', params: about },
    intro: { key: 'mail:response_target_missed.intro', params: about },
    action: { label: { key: 'mail:response_target_missed.action' }, link: param(params, 'link') },
    details: rows
      .filter(([, value]) => value.trim() !== '')
      .map(([name, value]) => ({ label: { key: `mail:response_target_missed.${name}` }, value })),
    notes: [{ key: 'mail:response_target_missed.why' }],
  };
}

/**
 * A visit report sent to the customer (issue 12): who sends it, which site and day, and that the PDF is attached
 * (the attachment itself is added by the platform).
 */
function visitReportContent(params: Record<string, string>, lang: Language): MailContent {
  const rows: [string, string][] = [
    ['client', param(params, 'client')],
    ['site', param(params, 'site')],
    ['date', param(params, 'date')],
    ['type', params.type ? enumLabel(lang, 'intervention_type', params.type) : ''],
  ];
  const about = { date: param(params, 'date') };
  return {
    subject: { key: 'mail:visit_report.subject', params: about },
    intro: { key: 'mail:visit_report.intro', params: about },
    details: rows
      .filter(([, value]) => value.trim() !== '')
      .map(([name, value]) => ({ label: { key: `mail:visit_report.${name}` }, value })),
    notes: [{ key: 'mail:visit_report.attached' }, { key: 'mail:visit_report.contact' }],
  };
}

/** An automatically renewed contract (issue 13), written to the PCO's owner: which one and its new last day. */
function contractRenewedContent(params: Record<string, string>): MailContent {
  const rows: [string, string][] = [
    ['reference', param(params, 'reference')],
    ['client', param(params, 'client')],
    ['site', param(params, 'site')],
    ['end', param(params, 'end')],
  ];
  const about = { reference: param(params, 'reference'), end: param(params, 'end') };
  return {
    subject: { key: 'mail:contract_renewed.subject', params: about },
    intro: { key: 'mail:contract_renewed.intro', params: about },
    details: rows
      .filter(([, value]) => value.trim() !== '')
      .map(([name, value]) => ({ label: { key: `mail:contract_renewed.${name}` }, value })),
    notes: [{ key: 'mail:contract_renewed.how_to_stop' }],
  };
}

/** The content of each template (SPEC §2.1, §4, §7; issue 3 "Mail"). */
function contentOf(template: MailTemplate, params: Record<string, string>, lang: Language): MailContent {
  switch (template) {
    case 'two_factor_code':
      return {
        subject: { key: 'mail:two_factor_code.subject' },
        intro: { key: 'mail:two_factor_code.intro' },
        code: param(params, 'code'),
        notes: [
          { key: 'mail:two_factor_code.validity', params: { count: TWO_FACTOR_CODE_TTL_MINUTES } },
          { key: 'mail:two_factor_code.ignore' },
        ],
      };
    case 'password_reset':
      return {
        subject: { key: 'mail:password_reset.subject' },
        intro: { key: 'mail:password_reset.intro' },
        action: { label: { key: 'mail:password_reset.action' }, link: param(params, 'link') },
        notes: [
          { key: 'mail:password_reset.validity', params: { count: Math.round(PASSWORD_RESET_TTL_MINUTES / 60) } },
          { key: 'mail:password_reset.ignore' },
        ],
      };
    case 'invitation':
      return {
        subject: { key: 'mail:invitation.subject' },
        intro: {
          key: params.inviter ? 'mail:invitation.intro' : 'mail:invitation.intro_anonymous',
          params: { inviter: param(params, 'inviter'), role: enumLabel(lang, 'role', param(params, 'role')) },
        },
        action: { label: { key: 'mail:invitation.action' }, link: param(params, 'link') },
        notes: [
          { key: 'mail:invitation.validity', params: { count: INVITATION_TTL_DAYS } },
          { key: 'mail:invitation.ignore' },
        ],
      };
    case 'easy_connect':
      return {
        subject: { key: 'mail:easy_connect.subject' },
        intro: {
          key: params.inviter ? 'mail:easy_connect.intro' : 'mail:easy_connect.intro_anonymous',
          params: { inviter: param(params, 'inviter') },
        },
        action: { label: { key: 'mail:easy_connect.action' }, link: param(params, 'link') },
        notes: [
          { key: 'mail:easy_connect.validity', params: { count: EASY_CONNECT_TTL_HOURS } },
          { key: 'mail:easy_connect.ignore' },
        ],
      };
    case 'email_change':
      return {
        subject: { key: 'mail:email_change.subject' },
        intro: { key: 'mail:email_change.intro' },
        action: { label: { key: 'mail:email_change.action' }, link: param(params, 'link') },
        notes: [
          { key: 'mail:email_change.validity', params: { count: EMAIL_CHANGE_TTL_HOURS } },
          { key: 'mail:email_change.ignore' },
        ],
      };
    case 'intervention_scheduled':
    case 'intervention_changed':
    case 'intervention_cancelled':
      return interventionContent(template, params, lang);
    case 'termite_alert':
      return termiteAlertContent(params, lang);
    case 'response_target_missed':
      return responseTargetMissedContent(params, lang);
    case 'visit_report':
      return visitReportContent(params, lang);
    case 'contract_renewed':
      return contractRenewedContent(params);
  }
}

const FONT =
  "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', " +
  "'Noto Sans JP', Meiryo, sans-serif";
const BRAND = '#175636';
const INK = '#1f2a24';
const MUTED = '#4b5750';

/** HTML of a plain-text value: escaped, line breaks kept. */
const multiline = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

function htmlPart(content: MailContent, branding: MailBranding, lang: Language, t: ReturnType<typeof makeTranslator>) {
  const subject = t.html(content.subject);
  const logo = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="" height="40" style="height:40px;width:auto;max-width:160px;border:0;vertical-align:middle;margin-right:12px;">`
    : '';
  const parts: string[] = [
    `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:${INK};">${subject}</h1>`,
    `<p style="margin:0 0 16px;">${t.html(content.intro)}</p>`,
  ];
  if (content.code !== undefined) {
    parts.push(
      `<p style="margin:24px 0;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:700;letter-spacing:6px;color:${INK};">${escapeHtml(content.code)}</p>`,
    );
  }
  if (content.action) {
    const href = escapeHtml(content.action.link);
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;"><tr><td style="border-radius:6px;background-color:${BRAND};"><a href="${href}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${t.html(content.action.label)}</a></td></tr></table>`,
      `<p style="margin:0 0 16px;font-size:14px;color:${MUTED};">${t.html({ key: 'mail:layout.link_fallback' })}<br><a href="${href}" style="color:${BRAND};word-break:break-all;">${href}</a></p>`,
    );
  }
  if (content.details?.length) {
    const rows = content.details
      .map(
        (row) =>
          `<tr><th scope="row" style="padding:8px 16px 8px 0;text-align:left;vertical-align:top;font-weight:600;color:${MUTED};white-space:nowrap;">${t.html(row.label)}</th><td style="padding:8px 0;vertical-align:top;color:${INK};">${multiline(row.value)}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table cellpadding="0" cellspacing="0" border="0" style="margin:16px 0 24px;border-collapse:collapse;font-size:15px;">${rows}</table>`,
    );
  }
  for (const note of content.notes) {
    parts.push(`<p style="margin:0 0 12px;font-size:14px;color:${MUTED};">${t.html(note)}</p>`);
  }
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}" dir="ltr">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="color-scheme" content="light"><title>${subject}</title></head>`,
    `<body style="margin:0;padding:0;background-color:#f3f5f4;">`,
    `<div role="article" aria-roledescription="email" aria-label="${subject}" lang="${lang}" style="font-family:${FONT};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f5f4;"><tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #dfe4e1;border-radius:8px;">`,
    `<tr><td style="padding:20px 32px;border-bottom:3px solid ${BRAND};">${logo}<span style="font-family:${FONT};font-size:18px;font-weight:600;line-height:40px;color:${INK};vertical-align:middle;">${escapeHtml(branding.name)}</span></td></tr>`,
    `<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:1.5;color:${INK};">${parts.join('')}</td></tr>`,
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #dfe4e1;font-family:${FONT};font-size:12px;line-height:1.5;color:${MUTED};">${t.html({ key: 'mail:layout.automatic' })}</td></tr>`,
    '</table></td></tr></table></div></body></html>',
  ].join('\n');
}

/** The text part: the code or link comes before any other number (the E2E mailbox reads the first one). */
function textPart(content: MailContent, branding: MailBranding, t: ReturnType<typeof makeTranslator>): string {
  const blocks: string[] = [t.text(content.intro)];
  if (content.code !== undefined) blocks.push(content.code);
  if (content.action) blocks.push(`${t.text(content.action.label)}\n${content.action.link}`);
  if (content.details?.length) {
    const row = (label: Phrase, value: string) =>
      t.text({ key: 'mail:layout.row', params: { label: t.text(label), value } });
    blocks.push(content.details.map((detail) => row(detail.label, detail.value)).join('\n'));
  }
  blocks.push(content.notes.map((note) => t.text(note)).join('\n'));
  blocks.push(`-- \n${branding.name}\n${t.text({ key: 'mail:layout.automatic' })}`);
  return `${blocks.join('\n\n')}\n`;
}

/**
 * Renders `request` (its template, parameters and language) with `branding`: subject, HTML and text parts.
 * Parameters are the strings of {@link MailRequest.params}; role and intervention type codes are translated.
 */
export function renderMail(request: Pick<MailRequest, 'template' | 'lang' | 'params'>, branding: MailBranding) {
  const { lang, params } = request;
  const content = contentOf(request.template, params, lang);
  const t = makeTranslator(lang, {
    product: productName(lang),
    space: params.space || branding.name,
    site: param(params, 'site'),
    start: param(params, 'start'),
  });
  const rendered: RenderedMail = {
    subject: t.text(content.subject),
    html: htmlPart(content, branding, lang, t),
    text: textPart(content, branding, t),
  };
  return rendered;
}
