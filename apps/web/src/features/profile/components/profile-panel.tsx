/**
 * The 'my profile' panel (SPEC §2.6, §4 "Profile"): name, e-mail, password (masked, change link only), interface
 * language and time zone. On opening it asks the server for the current user again (skeleton placeholders until it
 * answers; an error state with retry if it fails). Three modals open from it: change name, change e-mail, change
 * password; the e-mail and password modals offer 'Forgot password?', which closes the modal first, then asks for a
 * reset link to the user's address and says so in a notification. After an e-mail change request the panel shows a
 * closable warning that a confirmation mail was sent to the new address.
 *
 * Loaded on demand by the header's profile menu (app/layout/profile-menu.tsx), outside the shell bundle.
 */
import type { CurrentUser } from '@isoptera/contracts';
import { MailWarning, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { Skeleton } from '../../../shared/ui/skeleton';
import { SlideOver } from '../../../shared/ui/slide-over';
import { useForgotPassword } from '../api/forgot-password';
import { displayName } from '../lib/display-name';
import { EditEmailModal } from './edit-email-modal';
import { EditNameModal } from './edit-name-modal';
import { EditPasswordModal } from './edit-password-modal';
import { LanguageSetting } from './language-setting';
import { TimeZoneSetting } from './time-zone-setting';

export interface ProfilePanelProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; error: unknown };
type ModalName = 'name' | 'email' | 'password';

/** The slide-over of the current user's profile; mount it when it opens (each opening reloads the user). */
export function ProfilePanel({ isOpen, onOpenChange }: ProfilePanelProps) {
  const { t } = useTranslation();
  const { me, reloadMe } = useSession();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [modal, setModal] = useState<ModalName | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const forgotPassword = useForgotPassword();
  const preferencesId = useId();

  const refresh = useCallback(() => {
    setLoad({ status: 'loading' });
    reloadMe().then(
      () => setLoad({ status: 'ready' }),
      (error: unknown) => setLoad({ status: 'error', error }),
    );
  }, [reloadMe]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the user is asked for once per opening
  useEffect(() => refresh(), []);

  /** 'Forgot password?' of a modal: the modal closes first, then the reset link is asked for. */
  const requestPasswordReset = (email: string) => {
    setModal(null);
    forgotPassword.mutate(email, {
      onSuccess: () =>
        notify({
          title: t('profile:forgotPassword.sentTitle'),
          content: t('profile:forgotPassword.sentText', { email }),
        }),
      onError: (error) => notifyError(error),
    });
  };

  let body: ReactNode;
  if (load.status === 'loading' || (load.status === 'ready' && !me)) body = <ProfileSkeleton />;
  else if (load.status === 'error' || !me) {
    body = <ErrorState error={load.status === 'error' ? load.error : undefined} onRetry={refresh} />;
  } else {
    body = (
      <div className="flex flex-col gap-6">
        {pendingEmail ? <EmailPendingWarning email={pendingEmail} onClose={() => setPendingEmail(null)} /> : null}
        <AccountSection me={me} onChange={setModal} />
        <section aria-labelledby={preferencesId} className="flex flex-col gap-4">
          <h3 id={preferencesId} className="text-sm font-semibold text-gray-900">
            {t('profile:panel.preferences')}
          </h3>
          <LanguageSetting saved={me.lang} />
          <TimeZoneSetting saved={me.timezone} />
        </section>
      </div>
    );
  }

  return (
    <SlideOver
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('profile:panel.title')}
      subtitle={t('profile:panel.subtitle')}
    >
      {body}
      {me && modal === 'name' ? (
        <EditNameModal firstname={me.firstname} lastname={me.lastname} onClose={() => setModal(null)} />
      ) : null}
      {me && modal === 'email' ? (
        <EditEmailModal
          currentEmail={me.email}
          onRequested={(email) => {
            setModal(null);
            setPendingEmail(email);
          }}
          onClose={() => setModal(null)}
          onForgotPassword={() => requestPasswordReset(me.email)}
        />
      ) : null}
      {me && modal === 'password' ? (
        <EditPasswordModal onClose={() => setModal(null)} onForgotPassword={() => requestPasswordReset(me.email)} />
      ) : null}
    </SlideOver>
  );
}

/** Name, e-mail and password, each with its 'Change' action. */
function AccountSection({ me, onChange }: { me: CurrentUser; onChange: (modal: ModalName) => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const rows: Array<{ modal: ModalName; label: string; value: ReactNode }> = [
    { modal: 'name', label: t('profile:panel.name'), value: displayName(me, i18n.language) },
    { modal: 'email', label: t('profile:panel.email'), value: me.email },
    {
      modal: 'password',
      label: t('profile:panel.password'),
      value: (
        <>
          <span aria-hidden className="tracking-widest">
            ••••••••••••
          </span>
          <span className="sr-only">{t('profile:panel.passwordHidden')}</span>
        </>
      ),
    },
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-gray-900">
        {t('profile:panel.account')}
      </h3>
      <dl className="divide-y divide-gray-200 rounded-lg border border-gray-200">
        {rows.map((row) => (
          <div key={row.modal} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 px-4 py-3">
            <dt className="col-start-1 row-start-1 text-[13px] font-medium text-gray-600">{row.label}</dt>
            <dd className="col-start-1 row-start-2 truncate text-sm text-gray-900" data-testid={`profile-${row.modal}`}>
              {row.value}
            </dd>
            <dd className="col-start-2 row-span-2 row-start-1">
              <Button
                variant="white"
                size="sm"
                onPress={() => onChange(row.modal)}
                aria-label={t(`profile:panel.changeLabel.${row.modal}`)}
              >
                {t('profile:panel.change')}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The closable warning shown after an e-mail change request (SPEC §4 "Profile"). */
function EmailPendingWarning({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-900"
    >
      <MailWarning size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('profile:emailPending.title')}</p>
        <p className="mt-0.5 break-words">{t('profile:emailPending.text', { email })}</p>
      </div>
      <AriaButton
        onPress={onClose}
        aria-label={t('profile:emailPending.close')}
        className="-mt-1 -mr-1 rounded-md p-1 text-amber-900 outline-none hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <X size={16} aria-hidden />
      </AriaButton>
    </div>
  );
}

/** Placeholders of the panel while the user loads. */
function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6" data-testid="profile-skeleton">
      <p role="status" className="sr-only">
        {t('profile:panel.loading')}
      </p>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-24" />
        <div className="divide-y divide-gray-200 rounded-lg border border-gray-200">
          {['name', 'email', 'password'].map((row) => (
            <div key={row} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="flex flex-col gap-1.5">
                <Skeleton className="h-3 w-20" />
                <Skeleton className="h-4 w-44" />
              </div>
              <Skeleton className="h-8 w-20" />
            </div>
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-4 w-28" />
        {['language', 'timezone'].map((field) => (
          <div key={field} className="flex flex-col gap-1.5">
            <Skeleton className="h-3 w-32" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
