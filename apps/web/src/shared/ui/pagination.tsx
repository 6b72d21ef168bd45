/** Paging with 'displayed of total' (SPEC §9 "Pagination shows displayed-of-total counts", e.g. "30 of 124"). */
import { PAGE_SIZE } from '@isoptera/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';
import { Button } from './button';

export interface PaginationProps {
  /** Current page, from 1. */
  page: number;
  total: number;
  pageSize?: number;
  /** Items displayed so far; default: the items up to the end of the current page. */
  displayed?: number;
  onPageChange: (page: number) => void;
}

/** Number of items displayed up to `page` (capped at `total`). */
export function displayedCount(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.max(0, Math.min(page * pageSize, total));
}

/** 'displayed of total' with previous/next buttons. */
export function Pagination({ page, total, pageSize = PAGE_SIZE, displayed, onPageChange }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const shown = displayed ?? displayedCount(page, total, pageSize);
  return (
    <nav aria-label={t('common:pagination.label')} className="flex items-center justify-between gap-3 py-3">
      <p className="text-sm text-gray-700" aria-live="polite">
        {t('common:pagination.displayedOfTotal', {
          displayed: formatNumber(shown, i18n.language),
          total: formatNumber(total, i18n.language),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="white"
          size="sm"
          isDisabled={page <= 1}
          onPress={() => onPageChange(page - 1)}
          icon={<ChevronLeft size={16} aria-hidden />}
        >
          {t('common:pagination.previous')}
        </Button>
        <Button variant="white" size="sm" isDisabled={page >= lastPage} onPress={() => onPageChange(page + 1)}>
          {t('common:pagination.next')}
          <ChevronRight size={16} aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
