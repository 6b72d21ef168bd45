/** The summary of an alert's trigger in the log, in the user's language. */
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { formatDateTime, formatNumber } from '../../../shared/lib/format';
import { alertDetailsText } from './alert-details';

const format = {
  number: (value: number) => formatNumber(value, 'en'),
  dateTime: (value: string | number | Date | null | undefined) => formatDateTime(value, 'en', 'Europe/Paris'),
};
const text = (type: string, details: Record<string, unknown>) => alertDetailsText(type, details, i18n.t, format);

describe('alertDetailsText', () => {
  it('compares the measured value with its threshold for termite activity and weak signal', () => {
    expect(text('TYPE_TERMITE_ALERT', { termite_activity: 72, threshold: 30 })).toBe('Activity 72 ≥ 30');
    expect(text('TYPE_COMMUNICATION_WEAK_SIGNAL', { signal_level: -121, threshold: -115 })).toBe(
      'Signal -121 dBm < -115 dBm',
    );
  });

  it('names the other known figures and dates, and leaves unknown keys out', () => {
    expect(text('TYPE_COLONY_DETECTED', { station_count: 3, threshold: 2, secret: 'x' })).toBe(
      '3 stations in alert · Threshold 2',
    );
    expect(text('TYPE_COLONY_DETECTED', { bait_consumption: 14, days: 1 })).toBe('Bait consumed 14% · for 1 day');
    expect(text('TYPE_LOW_BATTERY', { battery_level: 'Low', battery_percent: 9 })).toBe('Battery Low · Battery 9%');
    expect(text('TYPE_TERMITE_ALERT', { termite_activity: 40, measured_at: '2026-03-12T09:55:00Z' })).toMatch(
      /^Activity 40 · Reading of .*2026.*10:55/,
    );
    expect(text('TYPE_COMMUNICATION_ERROR', { last_update_at: null })).toBe('Never heard from');
    expect(text('TYPE_COMMUNICATION_ERROR', { last_update_at: '2026-03-10T08:00:00Z' })).toMatch(/^Last heard .*09:00/);
    expect(text('OTHERS', {})).toBe('');
  });

  it('reads the colony details the alert engine writes: stations in alert, or rising bait consumption', () => {
    const colony = {
      termite_stations: ['IGS-01', 'IGS-04'],
      colony_station_count: 2,
      sustained_stations: [],
      bait_consumption_threshold: 10,
      bait_consumption_days: 3,
    };
    expect(text('TYPE_COLONY_DETECTED', colony)).toBe('2 stations in alert');
    expect(text('TYPE_COLONY_DETECTED', { ...colony, termite_stations: [], sustained_stations: ['AGS-02'] })).toBe(
      'Bait consumption rising at AGS-02 · for 3 days',
    );
  });
});
