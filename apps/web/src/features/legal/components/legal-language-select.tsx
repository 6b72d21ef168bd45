/**
 * Interface language choice of the legal pages, as on the login screen (SPEC §9 "stored setting"): the legal texts
 * of the new language are fetched before switching, so that the page never shows keys.
 */
import { LANGUAGES, type Language } from '@isoptera/contracts';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../../shared/i18n/i18n';
import { storeLanguage } from '../../../shared/i18n/languages';
import { loadLegalCatalogue } from '../lib/legal-catalogue';

/** A compact native select of the five interface languages, each written in its own language. */
export function LegalLanguageSelect() {
  const { t } = useTranslation();
  const id = 'legal-language';
  return (
    <div className="flex items-center gap-2 text-sm text-gray-700">
      <Languages size={16} aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t('auth:login.language')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => {
          const language = event.target.value as Language;
          storeLanguage(language);
          void loadLegalCatalogue(language)
            .catch(() => {}) // the page shows the error with a retry
            .then(() => changeLanguage(language));
        }}
        className="rounded-md border border-gray-300 bg-white py-1 pr-7 pl-2 text-sm text-gray-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`enums:language_native.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
