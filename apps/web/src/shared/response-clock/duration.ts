/** Durations of the response clock (issue 15), kept out of the shell's `format.ts` (bundle budget). */
/**
 * A duration of `seconds` (its absolute value) in `language` with `Intl` units (issue 15: response times and time
 * left): days and hours from one day on ("2 j 4 h", "2日4時間", "2d 4h"), hours and minutes from one hour on, else
 * minutes. Units from `Intl.NumberFormat` (narrow in English, short elsewhere; no spaces in Japanese).
 */
export function formatDuration(seconds: number, language: string): string {
  const total = Math.floor(Math.abs(seconds) / 60);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts: [number, 'day' | 'hour' | 'minute'][] =
    days > 0
      ? [
          [days, 'day'],
          [hours, 'hour'],
        ]
      : hours > 0
        ? [
            [hours, 'hour'],
            [minutes, 'minute'],
          ]
        : [[minutes, 'minute']];
  const unitDisplay = language.startsWith('en') ? 'narrow' : 'short';
  const shown = parts.filter(([value], i) => i === 0 || value > 0);
  const text = shown
    .map(([value, unit]) => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay }).format(value))
    .join(' ');
  return language.startsWith('ja') ? text.replace(/\s+/g, '') : text;
}
