import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatTime } from './format';

describe('format (Intl, user language and time zone)', () => {
  const instant = '2026-03-05T13:30:00Z';

  it('renders the date and time in the given IANA zone', () => {
    expect(formatTime(instant, 'fr', 'Europe/Paris')).toBe('14:30');
    expect(formatTime(instant, 'fr', 'Asia/Tokyo')).toBe('22:30');
    expect(formatDateTime(instant, 'fr', 'Europe/Paris')).toBe('05/03/2026 14:30');
  });

  it('uses day/month/year for fr and en, year first for ja', () => {
    expect(formatDate(instant, 'fr', 'Europe/Paris')).toBe('05/03/2026');
    expect(formatDate(instant, 'en', 'Europe/Paris')).toBe('05/03/2026');
    expect(formatDate(instant, 'ja', 'Asia/Tokyo')).toBe('2026/03/05');
  });

  it('keeps a calendar date on its day whatever the zone', () => {
    expect(formatDate('2026-03-05', 'fr', 'Pacific/Auckland')).toBe('05/03/2026');
    expect(formatDate('2026-03-05', 'fr', 'America/Los_Angeles')).toBe('05/03/2026');
  });

  it('answers an empty string for missing or invalid values', () => {
    expect(formatDate(null, 'fr')).toBe('');
    expect(formatDateTime('not a date', 'fr')).toBe('');
  });

  it('formats numbers in the language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'fr').replace(/\s/g, ' ')).toBe('1 234,5');
  });
});
