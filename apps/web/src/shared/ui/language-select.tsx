/**
 * Interface language choice of the public screens (login, activation, legal pages), remembered in localStorage
 * (SPEC §9 "stored setting").
 */
import { LANGUAGES, type Language } from '@isoptera/contracts';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { storeLanguage } from '../i18n/languages';

/**
 * A compact native select of the five interface languages, each written in its own language. `beforeChange`
 * (optional) runs before the switch — e.g. fetching texts the page needs in the new language; its failure does not
 * stop the switch.
 */
export function LanguageSelect({
  id = 'login-language',
  beforeChange,
}: {
  id?: string;
  beforeChange?: (language: Language) => Promise<unknown>;
}) {
  const { t } = useTranslation();
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
          void (beforeChange?.(language) ?? Promise.resolve()).catch(() => {}).then(() => changeLanguage(language));
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
