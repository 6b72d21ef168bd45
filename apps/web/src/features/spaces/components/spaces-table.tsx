/**
 * The dealers or PCOs list (SPEC §2.7 "Dealer and PCO management"): logo or initials, name, city, owner e-mail (with
 * an 'invitation pending' badge), the dealer of a PCO (admin only), last login and the row actions (edit, enter the
 * space). Columns follow the list's own width (container queries).
 */
import type { ManagedSpace } from '@isoptera/contracts';
import { LogIn, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Highlight } from '../../../shared/ui/highlight';
import { Skeleton } from '../../../shared/ui/skeleton';
import { SpaceLogo } from '../../../shared/ui/space-logo';
import type { SpaceKind } from '../lib/space-kind';

export interface SpacesTableProps {
  kind: SpaceKind;
  spaces: ManagedSpace[];
  /** Shows the dealer column (admin looking at PCOs). */
  showDealer: boolean;
  search: string;
  onEdit: (space: ManagedSpace) => void;
  /** Enters the space; absent: no such action. */
  onConnect?: (space: ManagedSpace) => void;
  connectingUlid?: string | null;
  isStale?: boolean;
}

const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
const OWNER_COLUMN = 'hidden @2xl:table-cell';
const DEALER_COLUMN = 'hidden @3xl:table-cell';
const LOGIN_COLUMN = 'hidden @4xl:table-cell';

/** One page of spaces as a table. */
export function SpacesTable({
  kind,
  spaces,
  showDealer,
  search,
  onEdit,
  onConnect,
  connectingUlid,
  isStale = false,
}: SpacesTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="@container">
      <table className={cn('w-full table-fixed border-collapse', isStale && 'opacity-60 transition-opacity')}>
        <caption className="sr-only">{t(`spaces:${kind}.listLabel`)}</caption>
        <thead className="border-b border-gray-200 bg-gray-50">
          <tr>
            <th scope="col" className={HEAD}>
              {t('spaces:list.name')}
            </th>
            <th scope="col" className={cn(HEAD, OWNER_COLUMN, 'w-64')}>
              {t('spaces:list.owner')}
            </th>
            {showDealer ? (
              <th scope="col" className={cn(HEAD, DEALER_COLUMN, 'w-44')}>
                {t('spaces:list.dealer')}
              </th>
            ) : null}
            <th scope="col" className={cn(HEAD, LOGIN_COLUMN, 'w-40')}>
              {t('spaces:list.lastLogin')}
            </th>
            <th scope="col" className={cn(HEAD, onConnect ? 'w-28' : 'w-14')}>
              <span className="sr-only">{t('spaces:list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {spaces.map((space) => {
            const owner = space.owner_email ? (
              <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className="truncate">{space.owner_email}</span>
                {space.owner_invited ? <Badge tone="amber">{t('spaces:list.invitationPending')}</Badge> : null}
              </span>
            ) : (
              <span className="text-gray-500">—</span>
            );
            return (
              <tr key={space.ulid} className="align-middle hover:bg-gray-50">
                <td className="px-4 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <SpaceLogo name={space.name} src={space.logo} />
                    <div className="min-w-0 flex-1">
                      <button
                        type="button"
                        onClick={() => onEdit(space)}
                        className="block max-w-full truncate text-left text-sm font-semibold text-gray-900 outline-none hover:text-brand-800 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600"
                      >
                        <Highlight text={space.name} query={search} />
                      </button>
                      {space.address?.city ? (
                        <p className="truncate text-[13px] text-gray-700">{space.address.city}</p>
                      ) : null}
                      <div className="mt-1 text-[13px] text-gray-700 @2xl:hidden">{owner}</div>
                    </div>
                  </div>
                </td>
                <td className={cn('px-4 py-3 text-[13px] text-gray-800', OWNER_COLUMN)}>{owner}</td>
                {showDealer ? (
                  <td className={cn('truncate px-4 py-3 text-[13px] text-gray-800', DEALER_COLUMN)}>
                    {space.dealer?.name ?? '—'}
                  </td>
                ) : null}
                <td className={cn('px-4 py-3 text-[13px] text-gray-700', LOGIN_COLUMN)}>
                  {space.last_login_at ? format.dateTime(space.last_login_at) : t('spaces:list.neverLoggedIn')}
                </td>
                <td className="px-2 py-3">
                  <div className="flex items-center justify-end gap-1">
                    <Button
                      variant="tertiary"
                      size="sm"
                      icon={<Pencil size={16} aria-hidden />}
                      aria-label={t('spaces:actions.editNamed', { name: space.name })}
                      onPress={() => onEdit(space)}
                    />
                    {onConnect ? (
                      <Button
                        variant="tertiary"
                        size="sm"
                        icon={<LogIn size={16} aria-hidden />}
                        aria-label={t('spaces:actions.connectNamed', { name: space.name })}
                        isLoading={connectingUlid === space.ulid}
                        onPress={() => onConnect(space)}
                      />
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The list's placeholder while the first page loads. */
export function SpacesTableSkeleton() {
  return (
    <div className="flex flex-col divide-y divide-gray-100" aria-hidden>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-9 rounded-md" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-48" />
            <Skeleton className="h-3 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}
