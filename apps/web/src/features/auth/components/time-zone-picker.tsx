/**
 * A searchable choice of time zone (SPEC §4 "Pickers"; the list of `GET /api/timezones`), on the shared search
 * picker. Focusing the picker empties it to search (single mode); leaving it without a choice puts the previous zone
 * back, so that a required zone is never lost by tabbing through.
 */
import { useCallback, useMemo, useRef } from 'react';
import { type PickerOption, SearchPicker } from '../../../shared/ui/search-picker';
import { filterTimeZones, timeZoneLabel } from '../lib/time-zones';

export interface TimeZonePickerProps {
  label: string;
  description?: string;
  zones: readonly string[];
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  error?: string | null;
  isDisabled?: boolean;
  name?: string;
}

/** The time zone picker of the activation form. */
export function TimeZonePicker({ zones, value, onChange, onBlur, ...props }: TimeZonePickerProps) {
  const previous = useRef(value);
  if (value) previous.current = value;
  const loadOptions = useCallback(
    async (query: string): Promise<PickerOption[]> =>
      filterTimeZones(zones, query).map((zone) => ({ id: zone, label: timeZoneLabel(zone) })),
    [zones],
  );
  const selectedOptions = useMemo(() => (value ? [{ id: value, label: timeZoneLabel(value) }] : []), [value]);
  return (
    <SearchPicker
      {...props}
      isRequired
      value={value}
      selectedOptions={selectedOptions}
      loadOptions={loadOptions}
      onChange={onChange}
      onBlur={() => {
        if (!value && previous.current) onChange(previous.current);
        onBlur?.();
      }}
    />
  );
}
