/**
 * The time zone of a member (SPEC §2.7 Users "edit … timezone"): a searchable list of the zones of
 * `GET /api/timezones` (React Aria ComboBox: type to filter, arrows to move, Enter to choose). Underscores are shown
 * as spaces ("America/New York"); the value is the IANA name.
 */
import { ChevronDown } from 'lucide-react';
import { useMemo } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  Input,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
  useFilter,
} from 'react-aria-components';
import { cn } from '../../../shared/lib/cn';
import { FieldError } from '../../../shared/ui/field-error';
import { type FieldBaseProps, FieldDescription, FieldLabel, inputClasses } from '../../../shared/ui/field-parts';

export interface TimezoneFieldProps extends FieldBaseProps {
  zones: readonly string[];
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  name?: string;
}

/** "Europe/Paris" → "Europe/Paris", "America/New_York" → "America/New York". */
export function zoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/** A labelled, searchable time zone choice. */
export function TimezoneField({
  label,
  description,
  error,
  isRequired,
  isDisabled,
  className,
  zones,
  value,
  onChange,
  onBlur,
  name,
}: TimezoneFieldProps) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const items = useMemo(() => {
    const all = value && !zones.includes(value) ? [value, ...zones] : zones;
    return all.map((zone) => ({ id: zone, label: zoneLabel(zone) }));
  }, [zones, value]);
  return (
    <ComboBox
      items={items}
      selectedKey={value || null}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      defaultFilter={contains}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!error}
      validationBehavior="aria"
      menuTrigger="focus"
      name={name}
      onBlur={onBlur}
      className={cn('flex flex-col', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className="relative">
        <Input className={cn(inputClasses, 'pr-9')} />
        <AriaButton className="absolute inset-y-0 right-0 flex items-center px-2.5 text-gray-500 outline-none">
          <ChevronDown size={16} aria-hidden />
        </AriaButton>
      </div>
      <FieldDescription>{description}</FieldDescription>
      <FieldError code={error} />
      <Popover className="w-(--trigger-width) overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg outline-none">
        <ListBox className="max-h-72 outline-none">
          {(item: { id: string; label: string }) => (
            <ListBoxItem
              id={item.id}
              textValue={item.label}
              className="cursor-pointer px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-brand-50 data-[selected]:font-medium"
            >
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
