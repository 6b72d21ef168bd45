/**
 * The status of a membership (SPEC §4 "User lifecycle"): active (green), invited (blue), disabled (grey) — colour,
 * icon and text together (ARCHITECTURE §7 "never colour alone"); texts `enums:user_status.<status>`.
 */
import type { UserStatus } from '@isoptera/contracts';
import { Ban, CircleCheck, type LucideIcon, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

const APPEARANCE: Record<UserStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  active: { tone: 'green', icon: CircleCheck },
  invited: { tone: 'blue', icon: Mail },
  disabled: { tone: 'gray', icon: Ban },
};

/** A badge with the status of a member. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  const { tone, icon: Icon } = APPEARANCE[status];
  return (
    <Badge tone={tone} icon={<Icon size={12} aria-hidden />}>
      {t(`enums:user_status.${status}`)}
    </Badge>
  );
}
