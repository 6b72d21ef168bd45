/**
 * The look of the map markers (issue 5's equipment map, issue 15's sites map on Home): one fill colour per badge tone,
 * dark enough for a white outline, and the marker's HTML — a white-outlined dot (or square) with a shadow, a dark ring
 * when selected. Leaflet is not imported here: the maps' chunks build their `L.divIcon` from this HTML.
 */
import type { BadgeTone } from './badge';

/** Fill colours of the markers per tone (the same hues as the badges). */
export const MARKER_COLOURS: Record<BadgeTone, string> = {
  gray: '#4b5563',
  brand: '#166534',
  green: '#15803d',
  blue: '#1d4ed8',
  amber: '#b45309',
  red: '#b91c1c',
  purple: '#7e22ce',
};

/** The marker's HTML (decorative: `aria-hidden`, the marker element carries the name); `size` in CSS pixels. */
export function markerHtml(tone: BadgeTone, size: number, options: { square?: boolean; selected?: boolean } = {}) {
  const radius = options.square ? '3px' : '50%';
  const ring = options.selected ? 'box-shadow:0 0 0 3px #111827;' : 'box-shadow:0 1px 3px rgba(0,0,0,.4);';
  return `<span aria-hidden="true" style="display:block;width:${size}px;height:${size}px;border-radius:${radius};background:${MARKER_COLOURS[tone]};border:2px solid #fff;${ring}"></span>`;
}
