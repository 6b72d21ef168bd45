/**
 * Outgoing e-mail (ARCHITECTURE §2 "Mail"; issue 3 "Mail"). Services ask for a mail by template and parameters;
 * the mail platform renders it in the recipient's language with the space's name and logo and delivers it through
 * a background job (never inside the request): SMTP when `SMTP_URL` is set, else a `.eml` file in `DATA_DIR/mail`.
 */
import type { Language } from '@isoptera/contracts';

/** The e-mails the product sends. */
export type MailTemplate =
  | 'two_factor_code'
  | 'password_reset'
  | 'invitation'
  | 'easy_connect'
  | 'email_change'
  | 'intervention_scheduled'
  | 'intervention_changed'
  | 'intervention_cancelled'
  | 'termite_alert'
  | 'response_target_missed'
  | 'visit_report'
  | 'contract_renewed';

/**
 * A file attached to a mail, named by reference and loaded from the database when the mail is delivered (the job
 * payload never carries the bytes): `report_pdf` is the frozen PDF of report `id` of the mail's space.
 */
export interface MailAttachmentRef {
  kind: 'report_pdf';
  id: string;
  /** The file name the recipient sees, e.g. `report-entrepot-nord-2026-11-21.pdf`. */
  filename: string;
}

/** One e-mail to send. */
export interface MailRequest {
  template: MailTemplate;
  /** Recipient address. */
  to: string;
  /** Recipient's language; the texts come from the `mail` catalogue of `@isoptera/i18n`. */
  lang: Language;
  /** Space whose name and logo brand the mail; null for the product's own branding. */
  spaceId: string | null;
  /**
   * Template parameters, all strings (dates already formatted in the recipient's language and time zone, see
   * `formatMailPeriod`): two_factor_code {code}; password_reset {link}; invitation {link, inviter, role, space};
   * easy_connect {link, inviter} (a one-time sign-in link; an empty `inviter` is left out);
   * email_change {link}; intervention_* {client, site, address, contact, contact_phone, type, start, end,
   * description} (written to a technician of the visit; `contact` is the person to meet on site); termite_alert
   * {site, client, type (`TYPE_…` alert type), station (reference, empty for a site-level alert), time, link};
   * response_target_missed {site, client, type, station, opened, due (formatted instants), target (hours), link};
   * visit_report {site, client, date (the visit's day, formatted), type (`TYPE_…` report type)}; contract_renewed
   * {reference, client, site, end (the new last day, formatted)}. Role (`ROLE_…`)
   * and intervention type (`TYPE_…`) codes are translated by the template; an empty `inviter`, or an empty
   * intervention detail, is left out; `space` defaults to the name of `spaceId`'s space.
   */
  params: Record<string, string>;
  /** Files to attach, loaded at delivery (a missing one fails the delivery, which is retried). */
  attachments?: MailAttachmentRef[];
}

/**
 * What services depend on: put a mail on the queue (resolves once it is queued, not sent). Call it after the
 * service's transaction, never inside `db.transaction(…)`: on PGlite (one connection) it would wait for it forever.
 */
export interface MailQueue {
  enqueue(request: MailRequest): Promise<void>;
}
