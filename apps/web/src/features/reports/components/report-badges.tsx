/** The status and the type of a report as badges (colour + text, SPEC §9: never colour alone). */
import type { ReportStatus } from '@isoptera/contracts';
import { CircleCheck, CircleSlash, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { InterventionTypeBadge } from '../../../shared/ui/status';

const STATUS_LOOK: Record<ReportStatus, { tone: BadgeTone; Icon: typeof Clock }> = {
  to_process: { tone: 'amber', Icon: Clock },
  sent: { tone: 'green', Icon: CircleCheck },
  discarded: { tone: 'gray', Icon: CircleSlash },
};

/** Where the report stands: to process, sent or discarded. */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  const { tone, Icon } = STATUS_LOOK[status];
  return (
    <Badge tone={tone} icon={<Icon size={12} aria-hidden className="shrink-0" />}>
      {t(`reports:status.${status}`)}
    </Badge>
  );
}

/** The type of the report (the visit's type, or the automatic report). */
export function ReportTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  if (type === 'TYPE_AUTOMATIC_REPORT')
    return <Badge tone="purple">{t('enums:report_type.TYPE_AUTOMATIC_REPORT')}</Badge>;
  return <InterventionTypeBadge type={type} />;
}
