/**
 * The search box of a list screen (users, clients; SPEC §4 "Lists"): a visible label, a magnifier, the text field and
 * a clear button shown only when there is text (React Aria SearchField: Escape clears it too). Controlled: the caller
 * keeps the raw text and debounces it itself. The clear button's name comes from `common:actions.clearSearch`.
 */
import { Search, X } from 'lucide-react';
import { Button as AriaButton, Input, Label, SearchField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

export interface SearchInputProps {
  /** The visible label, also the field's accessible name. */
  label: string;
  placeholder?: string;
  /** The text typed so far (not debounced). */
  value: string;
  /** Called on every keystroke, and with '' when cleared. */
  onChange: (value: string) => void;
  className?: string;
}

/** A search field; Escape or the clear button empties it. */
export function SearchInput({ label, placeholder, value, onChange, className }: SearchInputProps) {
  const { t } = useTranslation();
  return (
    <SearchField value={value} onChange={onChange} className={cn('group flex flex-col', className)}>
      <Label className="mb-1 block text-[13px] font-medium text-gray-800">{label}</Label>
      <div className="flex h-9 items-center gap-2 rounded-md border border-gray-300 bg-white px-2.5 shadow-xs focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30">
        <Search size={16} aria-hidden className="shrink-0 text-gray-500" />
        <Input
          placeholder={placeholder}
          className="min-w-0 flex-1 bg-transparent text-sm text-gray-900 outline-none placeholder:text-gray-500 [&::-webkit-search-cancel-button]:hidden"
        />
        <AriaButton
          aria-label={t('common:actions.clearSearch')}
          className="rounded p-0.5 text-gray-500 outline-none group-data-[empty]:hidden hover:text-gray-800 focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <X size={16} aria-hidden />
        </AriaButton>
      </div>
    </SearchField>
  );
}
