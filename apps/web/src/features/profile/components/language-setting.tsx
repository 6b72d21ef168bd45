/**
 * Interface language of the profile (SPEC §4 "Profile", §9): the five languages, each written in its own language.
 * Choosing another one saves it (`PUT /api/me/edit-language`), applies it to the interface and reloads the page.
 * The selector shows the language in use, which a `?lang=` link may have set apart from the saved one (SPEC §9);
 * choosing it saves it when it is not the saved one. A refusal shows under the selector; the choice goes back.
 */
import { LANGUAGES, type Language } from '@isoptera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { changeLanguage } from '../../../shared/i18n/i18n';
import { storeLanguage, toLanguage } from '../../../shared/i18n/languages';
import { notifyError } from '../../../shared/ui/notifications';
import { Select } from '../../../shared/ui/select';
import { useEditLanguage } from '../api/edit-language';
import { reloadPage } from '../lib/reload-page';

/** The language selector; `saved` is the current user's language. */
export function LanguageSetting({ saved }: { saved: Language }) {
  const { t, i18n } = useTranslation();
  const editLanguage = useEditLanguage();
  const inUse = toLanguage(i18n.language) ?? saved;
  // the language being saved, until the page reloads; else the one in use
  const [chosen, setChosen] = useState<Language | null>(null);
  // stays true from the save until the page reloads
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (id: string) => {
    const language = toLanguage(id);
    if (!language || language !== id || isSaving || (language === saved && language === inUse)) return;
    setChosen(language);
    setSaving(true);
    setError(null);
    try {
      await editLanguage.mutateAsync(language);
    } catch (failure) {
      setChosen(null);
      setSaving(false);
      const code = isApiError(failure, 422) ? (failure.fieldErrors().language ?? failure.code) : null;
      if (code) setError(code);
      else notifyError(failure);
      return;
    }
    storeLanguage(language);
    await changeLanguage(language);
    reloadPage();
  };

  return (
    <Select
      label={t('profile:panel.language')}
      description={isSaving ? t('common:states.saving') : t('profile:panel.languageHint')}
      options={LANGUAGES.map((language) => ({ id: language, label: t(`enums:language_native.${language}`) }))}
      value={chosen ?? inUse}
      onChange={(id) => void choose(id)}
      error={error}
      isDisabled={isSaving}
      name="language"
    />
  );
}
