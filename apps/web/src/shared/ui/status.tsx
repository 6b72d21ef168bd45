/**
 * One mapping from every site status (`STATUS_*`), alert type and intervention type to a colour, a lucide icon and a
 * translated text (ARCHITECTURE §7 "never colour alone"; texts in the `enums` namespace: `enums:site_status.<value>`,
 * `enums:alert_type.<value>`, `enums:intervention_type.<value>`). Report statuses: report-status.tsx (kept apart so
 * that the shell does not carry them).
 */
import {
  ALERT_TYPES,
  type AlertType,
  INTERVENTION_TYPES,
  type InterventionType,
  SITE_STATUSES,
  type SiteStatus,
} from '@isoptera/contracts';
import {
  Activity,
  Archive,
  BatteryLow,
  Biohazard,
  Bug,
  Calculator,
  CalendarCheck,
  Eye,
  Lock,
  type LucideIcon,
  PackagePlus,
  ShieldCheck,
  SignalLow,
  TriangleExclamationPoint,
  WifiOff,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from './badge';

export interface StatusAppearance {
  tone: BadgeTone;
  icon: LucideIcon;
  /** i18n key of the text. */
  labelKey: string;
}

const siteStatus = (tone: BadgeTone, icon: LucideIcon, value: SiteStatus): StatusAppearance => ({
  tone,
  icon,
  labelKey: `enums:site_status.${value}`,
});

/** Site statuses: to do → amber, planned → blue, operating → green, closing → purple, closed → grey. */
export const SITE_STATUS_APPEARANCE: Record<SiteStatus, StatusAppearance> = {
  STATUS_TO_ESTIMATE: siteStatus('amber', Calculator, 'STATUS_TO_ESTIMATE'),
  STATUS_PLANNED_ESTIMATE_VISIT: siteStatus('blue', CalendarCheck, 'STATUS_PLANNED_ESTIMATE_VISIT'),
  STATUS_TO_INSTALL: siteStatus('amber', PackagePlus, 'STATUS_TO_INSTALL'),
  STATUS_PLANNED_INSTALL: siteStatus('blue', CalendarCheck, 'STATUS_PLANNED_INSTALL'),
  STATUS_IN_OPERATION: siteStatus('green', Activity, 'STATUS_IN_OPERATION'),
  STATUS_TO_CHECK: siteStatus('amber', Eye, 'STATUS_TO_CHECK'),
  STATUS_PLANNED_INSPECTION_VISIT: siteStatus('blue', CalendarCheck, 'STATUS_PLANNED_INSPECTION_VISIT'),
  STATUS_TO_CLOSE: siteStatus('purple', Archive, 'STATUS_TO_CLOSE'),
  STATUS_PLANNED_CLOSING: siteStatus('blue', CalendarCheck, 'STATUS_PLANNED_CLOSING'),
  STATUS_CLOSED: siteStatus('gray', Lock, 'STATUS_CLOSED'),
};

const alert = (tone: BadgeTone, icon: LucideIcon, value: AlertType): StatusAppearance => ({
  tone,
  icon,
  labelKey: `enums:alert_type.${value}`,
});

/** Alert types: termites and lost communication → red, battery and weak signal → amber, none → green. */
export const ALERT_APPEARANCE: Record<AlertType, StatusAppearance> = {
  TYPE_TERMITE_ALERT: alert('red', Bug, 'TYPE_TERMITE_ALERT'),
  TYPE_COLONY_DETECTED: alert('red', Biohazard, 'TYPE_COLONY_DETECTED'),
  TYPE_COMMUNICATION_ERROR: alert('red', WifiOff, 'TYPE_COMMUNICATION_ERROR'),
  TYPE_LOW_BATTERY: alert('amber', BatteryLow, 'TYPE_LOW_BATTERY'),
  TYPE_COMMUNICATION_WEAK_SIGNAL: alert('amber', SignalLow, 'TYPE_COMMUNICATION_WEAK_SIGNAL'),
  OTHERS: alert('gray', TriangleExclamationPoint, 'OTHERS'),
  NONE: alert('green', ShieldCheck, 'NONE'),
};

const interventionType = (tone: BadgeTone, icon: LucideIcon, value: InterventionType): StatusAppearance => ({
  tone,
  icon,
  labelKey: `enums:intervention_type.${value}`,
});

/** Intervention types: the same colour and icon as the site status each one leads to or serves. */
export const INTERVENTION_TYPE_APPEARANCE: Record<InterventionType, StatusAppearance> = {
  TYPE_PRE_VISIT: interventionType('amber', Calculator, 'TYPE_PRE_VISIT'),
  TYPE_COMMISSIONING: interventionType('blue', PackagePlus, 'TYPE_COMMISSIONING'),
  TYPE_CONTROL_VISIT: interventionType('green', ShieldCheck, 'TYPE_CONTROL_VISIT'),
  TYPE_CLOSING_SITE: interventionType('purple', Archive, 'TYPE_CLOSING_SITE'),
};

/** The appearance of a value no mapping knows: a grey 'Unknown'. */
export const UNKNOWN: StatusAppearance = { tone: 'gray', icon: TriangleExclamationPoint, labelKey: 'enums:unknown' };

/** The appearance of a site status; an unknown value gets a grey 'Unknown'. */
export function siteStatusAppearance(status: string): StatusAppearance {
  return (SITE_STATUSES as readonly string[]).includes(status) ? SITE_STATUS_APPEARANCE[status as SiteStatus] : UNKNOWN;
}

/** The appearance of an alert type; an unknown value gets a grey 'Unknown'. */
export function alertAppearance(type: string): StatusAppearance {
  return (ALERT_TYPES as readonly string[]).includes(type) ? ALERT_APPEARANCE[type as AlertType] : UNKNOWN;
}

/** The appearance of an intervention type; an unknown value gets a grey 'Unknown'. */
export function interventionTypeAppearance(type: string): StatusAppearance {
  return (INTERVENTION_TYPES as readonly string[]).includes(type)
    ? INTERVENTION_TYPE_APPEARANCE[type as InterventionType]
    : UNKNOWN;
}

/** The badge of an appearance: its colour, icon and translated text, with an optional suffix. */
export function AppearanceBadge({ appearance, suffix }: { appearance: StatusAppearance; suffix?: string }) {
  const { t } = useTranslation();
  const Icon = appearance.icon;
  return (
    <Badge tone={appearance.tone} icon={<Icon size={12} aria-hidden className="shrink-0" />}>
      {t(appearance.labelKey)}
      {suffix ? ` · ${suffix}` : ''}
    </Badge>
  );
}

export interface StatusBadgeProps {
  status: string;
  /** Extra text, e.g. the scheduled date of a planned status (SPEC §3 "Planned statuses show the scheduled date"). */
  detail?: string;
}

/** A site status as colour + icon + text. */
export function StatusBadge({ status, detail }: StatusBadgeProps) {
  return <AppearanceBadge appearance={siteStatusAppearance(status)} suffix={detail} />;
}

/** An alert type as colour + icon + text. */
export function AlertBadge({ type }: { type: string }) {
  return <AppearanceBadge appearance={alertAppearance(type)} />;
}

/** An intervention type as colour + icon + text. */
export function InterventionTypeBadge({ type }: { type: string }) {
  return <AppearanceBadge appearance={interventionTypeAppearance(type)} />;
}
