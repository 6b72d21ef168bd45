/**
 * The details of one client (SPEC §2.7 Clients; SPEC §3 "Client"): kind, main contact (marked), alternative contacts
 * (edit, delete with confirmation, 'make main'), sites (links to their screens), contract, and the actions Edit,
 * Delete (confirmed), 'Add a site' (Sites with `createForClient`) and 'New visit' (the intervention panel).
 * The main contact cannot be deleted (SPEC §6): it has no delete action.
 */
import type { ClientContact, ClientDetail as ClientDetailData } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Building2, CalendarPlus, MapPinPlus, Pencil, Star, Trash2, User, UserPlus, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clientQueryOptions } from '../../../shared/api/resources/clients';
import { emit } from '../../../shared/lib/events';
import { isNotFound, NotFoundRedirect } from '../../../shared/lib/not-found-redirect';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { Skeleton, SkeletonLines } from '../../../shared/ui/skeleton';
import { useDeleteClient } from '../api/delete-client';
import { useDeleteClientContact } from '../api/delete-client-contact';
import { useMakeMainContact } from '../api/make-main-contact';
import { contactName } from '../lib/client-form';
import { ContractSummary, DetailSection, SiteList } from './client-detail-sections';
import { ClientEditPanel } from './client-edit-panel';
import { ContactCard } from './contact-card';
import { ContactPanel } from './contact-panel';

export interface ClientDetailProps {
  clientUlid: string;
  /** Closes the details (desktop) or goes back to the list (mobile). */
  onClose: () => void;
  /** Called once the client is deleted. */
  onDeleted: () => void;
  /** The contracts section another feature provides (composed by the app); else the latest contract's summary. */
  contractsSection?: ClientContractsSlot;
}

/** Renders the contracts of a client (the app composes the contracts feature in). */
export type ClientContractsSlot = (client: ClientDetailData) => ReactNode;

function DetailSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-hidden>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <SkeletonLines lines={4} />
      <SkeletonLines lines={3} />
    </div>
  );
}

type ContactPanelState = { contact: ClientContact | null } | null;

/** The client's details with its actions. */
export function ClientDetail({ clientUlid, onClose, onDeleted, contractsSection }: ClientDetailProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const titleId = useId();
  const query = useQuery(clientQueryOptions(clientUlid ?? ''));
  const deleteClient = useDeleteClient();
  const deleteContact = useDeleteClientContact();
  const makeMain = useMakeMainContact();
  const [editing, setEditing] = useState(false);
  const [contactPanel, setContactPanel] = useState<ContactPanelState>(null);
  const [confirmClient, setConfirmClient] = useState(false);
  const [contactToDelete, setContactToDelete] = useState<ClientContact | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = query.isSuccess;

  // on a phone the details replace the list (and the focused row): the focus moves to the client's name
  useEffect(() => {
    if (loaded && window.matchMedia?.('(max-width: 1023px)').matches) headingRef.current?.focus();
  }, [loaded]);

  const backButton = (
    <div className="lg:hidden">
      <Button variant="tertiary" size="sm" icon={<ArrowLeft size={16} aria-hidden />} onPress={onClose}>
        {t('clients:actions.backToList')}
      </Button>
    </div>
  );
  const closeButton = (
    <div className="hidden shrink-0 lg:block">
      <Button
        variant="tertiary"
        size="sm"
        aria-label={t('clients:actions.closeDetail')}
        icon={<X size={18} aria-hidden />}
        onPress={onClose}
      />
    </div>
  );

  if (query.isPending) {
    return (
      <section aria-label={t('clients:detail.label')} aria-busy className="flex flex-col gap-4">
        <div className="flex justify-between lg:justify-end">
          {backButton}
          {closeButton}
        </div>
        <DetailSkeleton />
      </section>
    );
  }
  // another space's client, or one deleted since: the Error screen 404 (SPEC §8)
  if (query.isError && isNotFound(query.error)) return <NotFoundRedirect />;
  if (query.isError) {
    return (
      <section aria-label={t('clients:detail.label')} className="flex flex-col gap-4">
        <div className="flex justify-between lg:justify-end">
          {backButton}
          {closeButton}
        </div>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      </section>
    );
  }

  const client = query.data;
  const primary = client.primary_contact;
  const nameOf = (contact: ClientContact) => contactName(contact, i18n.language);

  const onDeleteClient = () =>
    deleteClient.mutate(client.ulid, {
      onSuccess: () => {
        setConfirmClient(false);
        notify({ title: t('clients:notifications.deleted', { name: client.name }) });
        onDeleted();
      },
      onError: (error) => {
        setConfirmClient(false);
        notifyError(error);
      },
    });

  const onDeleteContact = () => {
    if (!contactToDelete) return;
    deleteContact.mutate(contactToDelete.client_contact_ulid, {
      onSuccess: () => {
        notify({ title: t('clients:notifications.contactDeleted', { name: nameOf(contactToDelete) }) });
        setContactToDelete(null);
      },
      onError: (error) => {
        setContactToDelete(null);
        notifyError(error);
      },
    });
  };

  const onMakeMain = (contact: ClientContact) =>
    makeMain.mutate(contact.client_contact_ulid, {
      onSuccess: () => notify({ title: t('clients:notifications.mainChanged', { name: nameOf(contact) }) }),
      onError: (error) => notifyError(error),
    });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      {backButton}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold break-words text-gray-900 outline-none"
          >
            {client.name}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-[13px] text-gray-600">
            <KindBadge company={client.company} />
            <span>{t('clients:detail.updatedAt', { date: format.date(client.updated_at) })}</span>
          </div>
        </div>
        {closeButton}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="white"
          size="sm"
          icon={<Pencil size={16} aria-hidden />}
          aria-label={t('clients:actions.editClient')}
          onPress={() => setEditing(true)}
          isDisabled={!primary}
        >
          {t('clients:actions.edit')}
        </Button>
        <Button
          variant="white"
          size="sm"
          icon={<Trash2 size={16} aria-hidden />}
          aria-label={t('clients:actions.deleteClient')}
          onPress={() => setConfirmClient(true)}
        >
          {t('clients:actions.delete')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<MapPinPlus size={16} aria-hidden />}
          onPress={() => void navigate(`/sites?${new URLSearchParams({ createForClient: client.ulid })}`)}
        >
          {t('clients:actions.addSite')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<CalendarPlus size={16} aria-hidden />}
          onPress={() => emit('openInterventionPanel', { clientUlid: client.ulid })}
        >
          {t('clients:actions.newVisit')}
        </Button>
      </div>

      <DetailSection title={t('clients:detail.mainContact')}>
        {primary ? (
          <ul>
            <ContactCard
              contact={primary}
              isMain
              actions={
                <Button
                  variant="tertiary"
                  size="sm"
                  aria-label={t('clients:actions.editContact', { name: nameOf(primary) })}
                  icon={<Pencil size={16} aria-hidden />}
                  onPress={() => setEditing(true)}
                />
              }
            />
          </ul>
        ) : (
          <p className="text-sm text-gray-600">{t('clients:detail.noMainContact')}</p>
        )}
      </DetailSection>

      <DetailSection
        title={t('clients:detail.alternativeContacts', { count: client.other_contacts.length })}
        actions={
          <Button
            variant="tertiary"
            size="sm"
            icon={<UserPlus size={16} aria-hidden />}
            onPress={() => setContactPanel({ contact: null })}
          >
            {t('clients:actions.addContact')}
          </Button>
        }
      >
        {client.other_contacts.length === 0 ? (
          <p className="text-sm text-gray-600">{t('clients:detail.noAlternative')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {client.other_contacts.map((contact) => (
              <ContactCard
                key={contact.client_contact_ulid}
                contact={contact}
                actions={
                  <>
                    <Button
                      variant="tertiary"
                      size="sm"
                      aria-label={t('clients:actions.makeMainLabel', { name: nameOf(contact) })}
                      icon={<Star size={16} aria-hidden />}
                      isLoading={makeMain.isPending && makeMain.variables === contact.client_contact_ulid}
                      isDisabled={makeMain.isPending}
                      onPress={() => onMakeMain(contact)}
                    />
                    <Button
                      variant="tertiary"
                      size="sm"
                      aria-label={t('clients:actions.editContact', { name: nameOf(contact) })}
                      icon={<Pencil size={16} aria-hidden />}
                      onPress={() => setContactPanel({ contact })}
                    />
                    <Button
                      variant="tertiary"
                      size="sm"
                      aria-label={t('clients:actions.deleteContact', { name: nameOf(contact) })}
                      icon={<Trash2 size={16} aria-hidden />}
                      onPress={() => setContactToDelete(contact)}
                    />
                  </>
                }
              />
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection title={t('clients:detail.sites', { count: client.sites.length })}>
        <SiteList sites={client.sites} />
      </DetailSection>

      {contractsSection ? (
        contractsSection(client)
      ) : (
        <DetailSection title={t('clients:detail.contract')}>
          <ContractSummary contract={client.contract} />
        </DetailSection>
      )}

      <p className="border-t border-gray-200 pt-3 text-[13px] text-gray-600">
        {t('clients:detail.createdAt', { date: format.date(client.created_at) })}
      </p>

      <ClientEditPanel client={client} isOpen={editing} onOpenChange={setEditing} />
      <ContactPanel
        client={client}
        contact={contactPanel?.contact ?? null}
        isOpen={contactPanel !== null}
        onOpenChange={(open) => {
          if (!open) setContactPanel(null);
        }}
      />
      <ConfirmDialog
        isOpen={confirmClient}
        onOpenChange={(open) => {
          if (!deleteClient.isPending) setConfirmClient(open);
        }}
        title={t('clients:confirm.deleteClientTitle', { name: client.name })}
        message={t('clients:confirm.deleteClientMessage')}
        confirmLabel={t('clients:confirm.deleteClientAction')}
        onConfirm={onDeleteClient}
        isLoading={deleteClient.isPending}
      />
      <ConfirmDialog
        isOpen={contactToDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleteContact.isPending) setContactToDelete(null);
        }}
        title={t('clients:confirm.deleteContactTitle', { name: contactToDelete ? nameOf(contactToDelete) : '' })}
        message={t('clients:confirm.deleteContactMessage', { client: client.name })}
        confirmLabel={t('clients:confirm.deleteContactAction')}
        onConfirm={onDeleteContact}
        isLoading={deleteContact.isPending}
      />
    </section>
  );
}

/** 'Company' or 'Private individual', with an icon (never colour alone). */
export function KindBadge({ company }: { company: boolean }) {
  const { t } = useTranslation();
  return company ? (
    <Badge tone="blue" icon={<Building2 size={12} aria-hidden />}>
      {t('clients:kind.company')}
    </Badge>
  ) : (
    <Badge tone="gray" icon={<User size={12} aria-hidden />}>
      {t('clients:kind.private')}
    </Badge>
  );
}
