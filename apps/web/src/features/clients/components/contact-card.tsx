/** One contact of a client (SPEC §3 "Contact"): name, title, phone, e-mail and notes, with its actions. */
import type { ClientContact } from '@isoptera/contracts';
import { Mail, Phone, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';
import { contactName } from '../lib/client-form';

export interface ContactCardProps {
  contact: ClientContact;
  isMain?: boolean;
  /** Buttons shown at the right of the name. */
  actions?: ReactNode;
}

/** A contact as a list item; `tel:` and `mailto:` links for one-click calls and e-mails. */
export function ContactCard({ contact, isMain = false, actions }: ContactCardProps) {
  const { t, i18n } = useTranslation();
  const name = contactName(contact, i18n.language);
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
            <span className="break-words">{name}</span>
            {isMain ? (
              <Badge tone="brand" icon={<Star size={12} aria-hidden />}>
                {t('clients:detail.mainBadge')}
              </Badge>
            ) : null}
          </p>
          <p className="text-[13px] text-gray-600">{contact.title}</p>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-1">{actions}</div> : null}
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-1 text-[13px] text-gray-800">
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('clients:form.phone')}</dt>
          <Phone size={14} aria-hidden className="shrink-0 text-gray-500" />
          <dd>
            <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} className="text-brand-800 hover:underline">
              {contact.phone}
            </a>
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt className="sr-only">{t('clients:form.email')}</dt>
          <Mail size={14} aria-hidden className="shrink-0 text-gray-500" />
          <dd className="min-w-0 truncate">
            <a href={`mailto:${contact.email}`} className="text-brand-800 hover:underline">
              {contact.email}
            </a>
          </dd>
        </div>
        {contact.notes ? (
          <div className="mt-1">
            <dt className="sr-only">{t('clients:form.notes')}</dt>
            <dd className="whitespace-pre-line text-gray-700">{contact.notes}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
