/**
 * Time zone of the profile (SPEC §4 "Profile"): a searchable picker of the zones of `GET /api/timezones`; choosing
 * another zone saves it (`PUT /api/me/edit-timezone`) and reloads the page. When the browser's zone differs from the
 * saved one, a message offers to use it in one click, or says that it is not available.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { timezonesQueryOptions } from '../../../shared/api/timezones';
import { intlLocale } from '../../../shared/i18n/languages';
import { Button } from '../../../shared/ui/button';
import { notifyError } from '../../../shared/ui/notifications';
import { type PickerOption, SearchPicker } from '../../../shared/ui/search-picker';
import { useEditTimezone } from '../api/edit-timezone';
import { reloadPage } from '../lib/reload-page';
import { browserTimeZone, filterZones, suggestTimeZone, zoneLabel, zoneName } from '../lib/time-zone';

/** The time zone picker and the browser zone suggestion; `saved` is the current user's zone. */
export function TimeZoneSetting({ saved }: { saved: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const queryClient = useQueryClient();
  const zones = useQuery(timezonesQueryOptions());
  const editTimezone = useEditTimezone();
  const [chosen, setChosen] = useState(saved);
  // stays true from the save until the page reloads
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [browserZone] = useState(browserTimeZone);
  const suggestion = suggestTimeZone(browserZone, saved, zones.data);

  const choose = async (zone: string) => {
    if (!zone || zone === saved || isSaving) return;
    setChosen(zone);
    setSaving(true);
    setError(null);
    try {
      await editTimezone.mutateAsync(zone);
    } catch (failure) {
      setChosen(saved);
      setSaving(false);
      const code = isApiError(failure, 422) ? (failure.fieldErrors().timezone ?? failure.code) : null;
      if (code) setError(code);
      else notifyError(failure);
      return;
    }
    reloadPage();
  };

  const loadOptions = useCallback(
    async (query: string): Promise<PickerOption[]> => {
      const list = await queryClient.fetchQuery(timezonesQueryOptions());
      return filterZones(list, query).map((zone) => ({ id: zone, label: zoneLabel(zone, locale) }));
    },
    [queryClient, locale],
  );
  const selected = useMemo(() => [{ id: chosen, label: zoneLabel(chosen, locale) }], [chosen, locale]);

  return (
    <div className="flex flex-col gap-3">
      <SearchPicker
        label={t('profile:panel.timezone')}
        description={isSaving ? t('common:states.saving') : t('profile:panel.timezoneHint')}
        placeholder={t('profile:panel.timezoneSearch')}
        value={chosen}
        // focusing the picker clears its selection (SPEC §4 "Pickers"): the saved zone stays until another is chosen
        onChange={(zone) => void choose(zone)}
        loadOptions={loadOptions}
        selectedOptions={selected}
        error={error}
        isDisabled={isSaving}
        name="timezone"
      />
      {suggestion ? (
        <div
          data-testid="timezone-suggestion"
          className="flex items-start gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900"
        >
          <Info size={16} aria-hidden className="mt-0.5 shrink-0" />
          <div className="flex min-w-0 flex-col items-start gap-2">
            <p>
              {suggestion.kind === 'available'
                ? t('profile:timezone.browserAvailable', { zone: zoneName(suggestion.zone) })
                : t('profile:timezone.browserUnavailable', { zone: zoneName(suggestion.zone) })}
            </p>
            {suggestion.kind === 'available' ? (
              <Button
                variant="white"
                size="sm"
                onPress={() => void choose(suggestion.zone)}
                isDisabled={isSaving}
                isLoading={isSaving && chosen === suggestion.zone}
              >
                {t('profile:timezone.useBrowser', { zone: zoneName(suggestion.zone) })}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
