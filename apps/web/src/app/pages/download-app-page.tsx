/**
 * DownloadApp screen (SPEC §1 "Technicians are sent to a page that points them to the mobile app", §2.1): text,
 * the two store badges as links, the legal lines; a logout button when a (technician) session exists.
 */
import { LogOut, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../shared/auth/session';
import { BrandMark } from '../../shared/ui/brand-mark';
import { Button } from '../../shared/ui/button';
import { LegalFooter } from '../layout/legal-footer';
import { StoreBadges } from '../layout/store-badges';

/** Points technicians to the mobile app. */
export function DownloadAppPage() {
  const { t } = useTranslation();
  const { status, isLoggingOut } = useSession();
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-col bg-gray-100">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <BrandMark />
        {status === 'authenticated' ? (
          <Button
            variant="white"
            size="sm"
            onPress={() => void logout()}
            isLoading={isLoggingOut}
            icon={<LogOut size={16} aria-hidden />}
          >
            {t('layout:profile.logout')}
          </Button>
        ) : null}
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[6vh] pb-16">
        <div className="w-full max-w-lg rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
          <span
            className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700"
            aria-hidden
          >
            <Smartphone size={28} />
          </span>
          <h1 className="text-xl font-semibold text-gray-900">{t('layout:downloadApp.title')}</h1>
          <p className="mt-3 text-sm leading-relaxed text-gray-700">{t('layout:downloadApp.text')}</p>
          <div className="mt-6 flex justify-center">
            <StoreBadges linked size="md" />
          </div>
        </div>
      </main>
      <LegalFooter />
    </div>
  );
}
