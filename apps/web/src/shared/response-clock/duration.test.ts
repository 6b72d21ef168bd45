import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration (Intl units of the language)', () => {
  it('writes durations with the units of the language: days and hours, hours and minutes, minutes', () => {
    const twoDaysFour = 2 * 86_400 + 4 * 3600 + 59;
    expect(formatDuration(twoDaysFour, 'fr')).toBe('2\u202fj 4\u202fh'); // narrow no-break spaces inside a unit
    expect(formatDuration(twoDaysFour, 'ja')).toBe('2日4時間');
    expect(formatDuration(-(3 * 3600 + 5 * 60), 'ja')).toBe('3時間5分');
    expect(formatDuration(2 * 86_400, 'ja')).toBe('2日');
    expect(formatDuration(59, 'fr')).toMatch(/^0\s?min$/);
  });
});
