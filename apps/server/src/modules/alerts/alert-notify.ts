/**
 * What follows a committed alert change (issue 5 "Alerts"): the `alert` live event to the browsers of the space, and
 * for a new termite or colony alert the `termite_alert` e-mail to the members concerned. Called after the
 * transaction, never inside it (see `MailQueue`).
 */
import {
  type AlertEvent,
  LANGUAGES,
  type Language,
  type RuleAlertType,
  TERMITE_ALERT_TYPES,
} from '@isoptera/contracts';
import type { Db } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import { formatMailDateTime } from '../../platform/mail/mail-dates.js';
import { alertRecipients, type EngineAlert, sitePlaces } from './alert-engine.repository.js';

/** `lang` when the product speaks it, else French (the default language of accounts). */
function mailLanguage(lang: string): Language {
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'fr';
}

/** `true` for the alert types that e-mail the members and move a site in operation to check. */
export function isTermiteType(type: string): boolean {
  return (TERMITE_ALERT_TYPES as readonly string[]).includes(type);
}

/** The live event of an opened or closed alert. */
export function alertEvent(kind: AlertEvent['kind'], alert: EngineAlert): AlertEvent {
  return {
    kind,
    alert_ulid: alert.id,
    type: alert.type as RuleAlertType,
    site_ulid: alert.siteId,
    equipment_ulid: alert.equipmentId,
  };
}

export function createAlertNotifier(deps: { db: Db; mail: MailQueue; events: EventBus; appUrl: string }) {
  const { db, mail, events } = deps;
  const appUrl = deps.appUrl.replace(/\/+$/, '');

  return {
    /** Publishes an `alert` event on the space of each alert: `opened` ones, then `closed` ones. */
    announce(opened: readonly EngineAlert[], closed: readonly EngineAlert[]): void {
      for (const alert of opened) events.publish(alert.spaceId, { name: 'alert', data: alertEvent('opened', alert) });
      for (const alert of closed) events.publish(alert.spaceId, { name: 'alert', data: alertEvent('closed', alert) });
    },

    /**
     * Queues the `termite_alert` e-mail of each new termite or colony alert among `opened` to every active member
     * of its space with `mail_notification` on who is the site's referent or an owner or manager of the space: in
     * the member's language, the opening time in the member's time zone, with a link to the site. `references`
     * gives the station reference of each equipment id. Throws the first enqueue failure after trying them all.
     */
    async mailNew(opened: readonly EngineAlert[], references: ReadonlyMap<string, string>): Promise<void> {
      const termite = opened.filter((a) => isTermiteType(a.type));
      if (!termite.length) return;
      const places = new Map((await sitePlaces(db, [...new Set(termite.map((a) => a.siteId))])).map((p) => [p.id, p]));
      let failure: unknown;
      for (const alert of termite) {
        const place = places.get(alert.siteId);
        if (!place) continue;
        const recipients = await alertRecipients(db, alert.spaceId, place.referentId);
        for (const recipient of recipients) {
          const lang = mailLanguage(recipient.lang);
          try {
            await mail.enqueue({
              template: 'termite_alert',
              to: recipient.email,
              lang,
              spaceId: alert.spaceId,
              params: {
                site: place.name,
                client: place.clientName,
                type: alert.type,
                station: alert.equipmentId ? (references.get(alert.equipmentId) ?? '') : '',
                time: formatMailDateTime(alert.openedAt, lang, recipient.timezone),
                link: `${appUrl}/sites/${alert.siteId}`,
              },
            });
          } catch (error) {
            failure ??= error;
          }
        }
      }
      if (failure) throw failure;
    },
  };
}
export type AlertNotifier = ReturnType<typeof createAlertNotifier>;
