/** Small pieces of a site shown in lists and on the detail page: status with its planned date, referent chip. */
import { PLANNED_SITE_STATUSES, type SiteStatus, type UserLight } from '@isoptera/contracts';
import { memberName } from '../../../shared/api/resources/members';
import { useFormat } from '../../../shared/lib/use-format';
import { StatusBadge } from '../../../shared/ui/status';

export interface SiteStatusBadgeProps {
  status: SiteStatus | string;
  plannedAt: string | null;
  /** Shows the scheduled date under the badge instead of inside it (narrow table cells). */
  stacked?: boolean;
}

/** The site status (colour + icon + text); planned statuses show the scheduled date (SPEC §3). */
export function SiteStatusBadge({ status, plannedAt, stacked = false }: SiteStatusBadgeProps) {
  const format = useFormat();
  const planned =
    (PLANNED_SITE_STATUSES as readonly string[]).includes(status) && plannedAt ? format.dateTime(plannedAt) : undefined;
  if (!stacked || !planned) return <StatusBadge status={status} detail={planned} />;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <StatusBadge status={status} />
      <span className="text-xs whitespace-nowrap text-gray-700">{planned}</span>
    </span>
  );
}

function initials(member: Pick<UserLight, 'firstname' | 'lastname'>): string {
  return `${member.firstname.charAt(0)}${member.lastname.charAt(0)}`.toUpperCase();
}

/** The referent technician: the member's colour with initials, then the name (SPEC §3 "User": coloured chips). */
export function ReferentChip({ referent }: { referent: UserLight | null }) {
  if (!referent) return <span className="text-gray-500">—</span>;
  return (
    <span className="inline-flex max-w-full items-center gap-2">
      <span
        aria-hidden
        className="flex size-6 shrink-0 items-center justify-center rounded-full text-[10px] font-semibold text-white"
        style={{ backgroundColor: referent.color ?? '#4b5563' }}
      >
        {initials(referent)}
      </span>
      <span className="max-w-40 truncate text-gray-800">{memberName(referent)}</span>
    </span>
  );
}
