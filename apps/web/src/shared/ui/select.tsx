/** Select (drop-down) built on React Aria; options are `{id, label}`. */
import { Check, ChevronDown } from 'lucide-react';
import {
  Button as AriaButton,
  Select as AriaSelect,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
} from 'react-aria-components';
import { cn } from '../lib/cn';
import { FieldError } from './field-error';
import { type FieldBaseProps, FieldDescription, FieldLabel } from './field-parts';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps extends FieldBaseProps {
  options: readonly SelectOption[];
  /** Selected id, or '' / null for none. */
  value: string | null;
  onChange: (id: string) => void;
  placeholder?: string;
  name?: string;
  onBlur?: () => void;
}

/** A labelled single choice among options; emits the chosen id. */
export function Select({
  label,
  description,
  error,
  isRequired,
  isDisabled,
  className,
  options,
  value,
  onChange,
  placeholder,
  name,
  onBlur,
}: SelectProps) {
  return (
    <AriaSelect
      selectedKey={value || null}
      onSelectionChange={(key: Key | null) => onChange(key === null ? '' : String(key))}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!error}
      validationBehavior="aria"
      placeholder={placeholder}
      name={name}
      onBlur={onBlur}
      className={cn('flex flex-col', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <AriaButton className="flex w-full items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-left text-sm text-gray-900 shadow-xs outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:bg-gray-100 data-[invalid]:border-red-600">
        <SelectValue className="truncate data-[placeholder]:text-gray-500" />
        <ChevronDown size={16} aria-hidden className="shrink-0 text-gray-500" />
      </AriaButton>
      <FieldDescription>{description}</FieldDescription>
      <FieldError code={error} />
      <Popover className="w-(--trigger-width) overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg outline-none">
        <ListBox items={options} className="max-h-72 outline-none">
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-brand-50 data-[selected]:font-medium"
            >
              {({ isSelected }) => (
                <>
                  <span className="truncate">{option.label}</span>
                  {isSelected ? <Check size={16} aria-hidden className="text-brand-700" /> : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
