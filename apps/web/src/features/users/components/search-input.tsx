/** The search box of the users list: a labelled search field with a clear button (React Aria SearchField). */
import { Search, X } from 'lucide-react';
import { Button as AriaButton, Input, Label, SearchField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';

export interface SearchInputProps {
  label: string;
  placeholder?: string;
  value: string;
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
          aria-label={t('users:filters.clearSearch')}
          className="rounded p-0.5 text-gray-500 outline-none group-data-[empty]:hidden hover:text-gray-800 focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <X size={16} aria-hidden />
        </AriaButton>
      </div>
    </SearchField>
  );
}
