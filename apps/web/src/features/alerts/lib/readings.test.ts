/** The readings chart's model: the periods sent to the API and the series drawn from the answer. */
import { describe, expect, it } from 'vitest';
import { readingPoint } from '../test-kit';
import { customPeriod, plotData, presetPeriod, readingsSummary } from './readings';

describe('periods', () => {
  it('ends a preset now and starts it that many days before', () => {
    const now = new Date('2026-03-12T10:15:30.456Z');
    expect(presetPeriod('7d', now)).toEqual({ from: '2026-03-05T10:15:30.000Z', to: '2026-03-12T10:15:30.000Z' });
    expect(presetPeriod('1y', now).from).toBe('2025-03-12T10:15:30.000Z');
  });

  it('takes a custom range of days, both included, in the user’s time zone', () => {
    expect(customPeriod({ start: '2026-03-01', end: '2026-03-03' }, 'Europe/Paris')).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-03T23:00:00.000Z',
    });
    expect(customPeriod({ start: '2026-03-01', end: '2026-03-01' }, 'Asia/Tokyo')).toEqual({
      from: '2026-02-28T15:00:00.000Z',
      to: '2026-03-01T15:00:00.000Z',
    });
  });

  it('refuses a reversed range and one longer than 400 days', () => {
    expect(customPeriod({ start: '2026-03-03', end: '2026-03-01' }, 'Europe/Paris')).toBeNull();
    expect(customPeriod({ start: '2025-01-01', end: '2026-02-04' }, 'Europe/Paris')).not.toBeNull(); // 400 days
    expect(customPeriod({ start: '2025-01-01', end: '2026-02-05' }, 'Europe/Paris')).toBeNull(); // 401 days
    expect(customPeriod({ start: 'x', end: '2026-02-05' }, 'Europe/Paris')).toBeNull();
  });
});

describe('series', () => {
  const points = [
    readingPoint('2026-03-10T10:00:00Z', { termite_activity: 5, bait_consumption: 0, signal_level: -90 }),
    readingPoint('2026-03-11T10:00:00Z', { termite_activity: 72, bait_consumption: 12, battery_percent: null }),
    readingPoint('2026-03-12T10:00:00Z', { termite_activity: 40, bait_consumption: 15, signal_level: -118 }),
  ];

  it('aligns times in seconds with activity, bait, battery (gaps kept) and signal', () => {
    expect(plotData(points)).toEqual([
      [1773136800, 1773223200, 1773309600],
      [5, 72, 40],
      [0, 12, 15],
      [80, null, 80],
      [-90, -95, -118],
    ]);
    expect(plotData([])).toEqual([[], [], [], [], []]);
  });

  it('sums a period up: count, bounds, highest and latest values, weakest signal', () => {
    expect(readingsSummary(points)).toEqual({
      count: 3,
      first: '2026-03-10T10:00:00Z',
      last: '2026-03-12T10:00:00Z',
      maxActivity: 72,
      lastActivity: 40,
      maxBait: 15,
      lastBattery: 80,
      lastSignal: -118,
      minSignal: -118,
    });
    expect(readingsSummary([])).toBeNull();
  });
});
