/** Legal footer with the app-store badges and the trademark lines (SPEC §2.3 "A legal footer shows app-store badges"). */
import { useTranslation } from 'react-i18next';
import { StoreBadges } from './store-badges';

/** Footer of the main area and of the download-app screen. */
export function LegalFooter({ linked = false }: { linked?: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-gray-200 px-4 py-5 lg:px-8">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <StoreBadges linked={linked} />
        <p className="max-w-2xl text-xs leading-relaxed text-gray-600">
          {t('layout:footer.legal')} © {new Date().getFullYear()} Isoptera
        </p>
      </div>
    </footer>
  );
}
