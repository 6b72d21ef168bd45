/**
 * Report statuses (issue 12, SPEC §4 "Reports") as colour + lucide icon + translated text (`enums:report_status.<value>`,
 * ARCHITECTURE §7 "never colour alone"): to process → amber, sent → green, discarded → grey. Apart from status.tsx so
 * that only the screens showing reports carry it.
 */
import { REPORT_STATUSES, type ReportStatus } from '@isoptera/contracts';
import { FileClock, FileX, Send } from 'lucide-react';
import { AppearanceBadge, type StatusAppearance, UNKNOWN } from './status';

/** The appearance of each report status. */
export const REPORT_STATUS_APPEARANCE: Record<ReportStatus, StatusAppearance> = {
  to_process: { tone: 'amber', icon: FileClock, labelKey: 'enums:report_status.to_process' },
  sent: { tone: 'green', icon: Send, labelKey: 'enums:report_status.sent' },
  discarded: { tone: 'gray', icon: FileX, labelKey: 'enums:report_status.discarded' },
};

/** The appearance of a report status; an unknown value gets a grey 'Unknown'. */
export function reportStatusAppearance(status: string): StatusAppearance {
  return (REPORT_STATUSES as readonly string[]).includes(status)
    ? REPORT_STATUS_APPEARANCE[status as ReportStatus]
    : UNKNOWN;
}

/** A report status (to process, sent, discarded) as colour + icon + text. */
export function ReportStatusBadge({ status }: { status: string }) {
  return <AppearanceBadge appearance={reportStatusAppearance(status)} />;
}
