/**
 * The page of a plain PCO member (`ROLE_PCO_SPACE_USER`, SPEC §6) on BaseRoute `/`: that role holds none of the named
 * actions, so every PCO screen would answer error 403 and the error page's 'back to home' would loop. It says which
 * role they hold, who can give them another one (the owner or a manager, on the Users screen), and what they can do
 * meanwhile: their profile (name, e-mail, password, language, time zone), the space selector when they hold several
 * spaces, and signing out. Texts: the `users` namespace, loaded on demand.
 */
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session';
import { emit } from '../../shared/lib/events';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';

/** The plain PCO member's start page. */
export function PlainMemberPage() {
  const { t } = useTranslation();
  const { actor } = useSession();
  const space = actor?.space?.name ?? '';
  return (
    <>
      <PageHeader title={t('users:plainMember.title', { space })} />
      <section className="max-w-2xl rounded-lg border border-gray-200 bg-white p-6 shadow-xs">
        <div className="flex items-start gap-4">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          >
            <UserRound size={20} />
          </span>
          <div className="flex min-w-0 flex-col gap-3 text-sm text-gray-700">
            <p>{t('users:plainMember.role', { role: t('enums:role.ROLE_PCO_SPACE_USER') })}</p>
            <p>
              {t('users:plainMember.askForRole', {
                manager: t('enums:role.ROLE_PCO_SPACE_MANAGER'),
                technician: t('enums:role.ROLE_PCO_SPACE_TECHNICIAN'),
              })}
            </p>
            <h2 className="mt-2 text-base font-semibold text-gray-900">{t('users:plainMember.canDoTitle')}</h2>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t('users:plainMember.canDoProfile')}</li>
              <li>{t('users:plainMember.canDoSpaces')}</li>
              <li>{t('users:plainMember.canDoLogout')}</li>
            </ul>
            <div>
              <Button variant="white" onPress={() => emit('openProfilePanel', {})}>
                {t('profile:menu.myProfile')}
              </Button>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
