/**
 * The frame of Home's 'Reports to process' card (title, link to all reports) and its loading list, shared by the card
 * and by the page's placeholder while the card's code loads. The loading list has the loaded list's layout — the count
 * line, {@link TO_PROCESS_SHOWN} rows of a one-line name and a date, the 'more' line — so that the sections under the
 * card in its column do not move when the reports arrive (no layout shift, ARCHITECTURE §6). Small on purpose: the
 * page imports it with the shell.
 */
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';

/** How many reports the card lists; the count and 'see all' cover the rest. */
export const TO_PROCESS_SHOWN = 6;

/** The loading list; `label` is read by screen readers. */
export function ToProcessSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      {/* the heights of the loaded lines: text-sm 20 px, text-xs 16 px, with their padding and borders */}
      <div className="border-b border-gray-200 px-4 py-2.5">
        <Skeleton className="h-5 w-40" />
      </div>
      <ul aria-hidden className="divide-y divide-gray-100">
        {Array.from({ length: TO_PROCESS_SHOWN }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
          <li key={i} className="flex flex-col gap-0.5 px-4 py-3">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </li>
        ))}
      </ul>
      <div className="border-t border-gray-200 px-4 py-2.5">
        <Skeleton className="h-5 w-32" />
      </div>
    </div>
  );
}

/** The card around the list: its title and its link to `/reports`. */
export function ToProcessCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      flush
      title={t('home:toProcess.title')}
      actions={
        <ButtonLink href="/reports" size="sm" variant="tertiary" icon={<ArrowRight size={16} aria-hidden />}>
          {t('home:toProcess.seeAll')}
        </ButtonLink>
      }
    >
      {children}
    </Card>
  );
}

/** The card while its code loads (the page's Suspense fallback). */
export function ToProcessPlaceholder() {
  const { t } = useTranslation();
  return (
    <ToProcessCard>
      <ToProcessSkeleton label={t('home:toProcess.loading')} />
    </ToProcessCard>
  );
}
