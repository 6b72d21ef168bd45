/**
 * Small pieces of an equipment shown in its list row or card (SPEC §2.7 "Sites: detail"): trap state badge, battery
 * icon and level, signal icon and dBm, kind icon. Colour always comes with an icon and a text (ARCHITECTURE §7).
 */
import type { BatteryLevel, EquipmentKind } from '@isoptera/contracts';
import { Cylinder, RadioTower, Sprout } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { batteryAppearance, signalAppearance, TONE_TEXT, trapStateAppearance } from '../lib/equipment-appearance';

/** The trap state (SPEC §3: init, operational, warning, error) as colour + icon + text. */
export function TrapStateBadge({ state }: { state: number }) {
  const { t } = useTranslation();
  const appearance = trapStateAppearance(state);
  const Icon = appearance.icon;
  return (
    <Badge tone={appearance.tone} icon={<Icon size={12} aria-hidden className="shrink-0" />}>
      {t(appearance.labelKey)}
    </Badge>
  );
}

/** The battery level with its icon, and the charge in percent when the device reports it. */
export function BatteryIndicator({ level, percent }: { level: BatteryLevel | null; percent: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const appearance = batteryAppearance(level);
  const Icon = appearance.icon;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <Icon size={18} aria-hidden className={cn('shrink-0', TONE_TEXT[appearance.tone])} />
      <span className={level ? 'text-gray-900' : 'text-gray-600'}>{t(appearance.labelKey)}</span>
      {level && percent !== null ? (
        <span className="text-gray-600 tabular-nums">{format.number(percent / 100, { style: 'percent' })}</span>
      ) : null}
    </span>
  );
}

/** The received signal strength in dBm with a strength icon and word (strong, fair, weak, very weak). */
export function SignalIndicator({ dbm }: { dbm: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const appearance = signalAppearance(dbm);
  const Icon = appearance.icon;
  if (dbm === null) {
    return (
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-gray-600">
        <Icon size={18} aria-hidden className="shrink-0" />
        {t(appearance.labelKey)}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" title={t(appearance.labelKey)}>
      <Icon size={18} aria-hidden className={cn('shrink-0', TONE_TEXT[appearance.tone])} />
      <span className="text-gray-900 tabular-nums">{t('equipment:values.dbm', { value: format.number(dbm) })}</span>
      <span className="sr-only">{t(appearance.labelKey)}</span>
    </span>
  );
}

const KIND_ICONS = { gateway: RadioTower, igs: Sprout, ags: Cylinder } as const;

/** The icon of a kind of equipment (gateway, in-ground or above-ground station); decorative. */
export function KindIcon({ kind, className }: { kind: EquipmentKind; className?: string }) {
  const Icon = KIND_ICONS[kind] ?? Cylinder;
  return <Icon size={16} aria-hidden className={cn('shrink-0 text-gray-600', className)} />;
}
