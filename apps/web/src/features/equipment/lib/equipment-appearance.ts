/**
 * One mapping from trap states, battery levels and signal strengths to a colour, a lucide icon and a translated text
 * (ARCHITECTURE §7 "never colour alone"; SPEC §3 "Equipment"). The texts are the `enums` labels
 * (`enums:trap_state.<n>`, `enums:battery_level.<level>`) and the `equipment:signal.*` words.
 */
import { ALERT_PRIORITIES, type BatteryLevel, type Equipment, type RuleAlertType } from '@isoptera/contracts';
import {
  Battery,
  BatteryFull,
  BatteryLow,
  BatteryMedium,
  CircleCheck,
  CircleDashed,
  CircleX,
  type LucideIcon,
  SignalHigh,
  SignalLow,
  SignalMedium,
  SignalZero,
  TriangleAlert,
} from 'lucide-react';
import type { BadgeTone } from '../../../shared/ui/badge';
import { alertAppearance } from '../../../shared/ui/status';

export interface Appearance {
  tone: BadgeTone;
  icon: LucideIcon;
  /** i18n key of the text. */
  labelKey: string;
}

/** Trap states (SPEC §3): initialising → grey, operational → green, warning → amber, error → red. */
export const TRAP_STATE_APPEARANCE: Record<number, Appearance> = {
  0: { tone: 'gray', icon: CircleDashed, labelKey: 'enums:trap_state.0' },
  1: { tone: 'green', icon: CircleCheck, labelKey: 'enums:trap_state.1' },
  2: { tone: 'amber', icon: TriangleAlert, labelKey: 'enums:trap_state.2' },
  3: { tone: 'red', icon: CircleX, labelKey: 'enums:trap_state.3' },
};

/** The appearance of a trap state; an unknown value gets a grey 'Unknown'. */
export function trapStateAppearance(state: number): Appearance {
  return TRAP_STATE_APPEARANCE[state] ?? { tone: 'gray', icon: CircleDashed, labelKey: 'enums:unknown' };
}

/** Battery levels: low → red, medium → amber, operational (high) → green; no reading yet → grey. */
export function batteryAppearance(level: BatteryLevel | null): Appearance {
  switch (level) {
    case 'Low':
      return { tone: 'red', icon: BatteryLow, labelKey: 'enums:battery_level.Low' };
    case 'Medium':
      return { tone: 'amber', icon: BatteryMedium, labelKey: 'enums:battery_level.Medium' };
    case 'Operational':
      return { tone: 'green', icon: BatteryFull, labelKey: 'enums:battery_level.Operational' };
    default:
      return { tone: 'gray', icon: Battery, labelKey: 'equipment:values.noReading' };
  }
}

/** Signal strength bands, dBm (LoRa-like radios: -120 dBm is about the limit of reception). */
export const SIGNAL_BANDS = { strong: -90, fair: -105, weak: -115 } as const;
export type SignalStrength = 'strong' | 'fair' | 'weak' | 'veryWeak' | 'none';

/** The band of a received signal strength in dBm; `none` before the first uplink. */
export function signalStrength(dbm: number | null): SignalStrength {
  if (dbm === null) return 'none';
  if (dbm >= SIGNAL_BANDS.strong) return 'strong';
  if (dbm >= SIGNAL_BANDS.fair) return 'fair';
  if (dbm >= SIGNAL_BANDS.weak) return 'weak';
  return 'veryWeak';
}

/** Signal strength: strong → green, fair → grey, weak → amber, very weak → red (text `equipment:signal.<band>`). */
export function signalAppearance(dbm: number | null): Appearance {
  const strength = signalStrength(dbm);
  const labelKey = `equipment:signal.${strength}`;
  switch (strength) {
    case 'strong':
      return { tone: 'green', icon: SignalHigh, labelKey };
    case 'fair':
      return { tone: 'gray', icon: SignalMedium, labelKey };
    case 'weak':
      return { tone: 'amber', icon: SignalLow, labelKey };
    case 'veryWeak':
      return { tone: 'red', icon: SignalZero, labelKey };
    default:
      return { tone: 'gray', icon: SignalZero, labelKey };
  }
}

/** Text colour classes of a tone for an icon or a short value (AA contrast on white). */
export const TONE_TEXT: Record<BadgeTone, string> = {
  gray: 'text-gray-600',
  brand: 'text-brand-700',
  green: 'text-green-700',
  blue: 'text-blue-700',
  amber: 'text-amber-700',
  red: 'text-red-700',
  purple: 'text-purple-700',
};

/** The open alerts of an equipment, most important first (SPEC §3 "Site" alert weights). */
export function sortedAlerts(equipment: Pick<Equipment, 'alerts'>): Equipment['alerts'] {
  const weight = (type: RuleAlertType) => ALERT_PRIORITIES[type] ?? 0;
  return [...equipment.alerts].sort((a, b) => weight(b.type) - weight(a.type));
}

/**
 * The overall tone of an equipment, as its map marker shows it: its worst open alert first (red for termites and
 * lost communication, amber otherwise), else its trap state.
 */
export function equipmentTone(equipment: Pick<Equipment, 'alerts' | 'state'>): BadgeTone {
  // the badges' colours (shared/ui/status.tsx), so that markers and badges never disagree
  if (equipment.alerts.some((alert) => alertAppearance(alert.type).tone === 'red')) return 'red';
  if (equipment.alerts.length > 0) return 'amber';
  return trapStateAppearance(equipment.state).tone;
}
