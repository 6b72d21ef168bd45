/**
 * The markers of the site's equipment map (SPEC §2.7 "Sites: detail"): one per equipment with a GPS position, coloured
 * by its worst open alert, else by its trap state (lib/equipment-appearance.ts `equipmentTone`). Pure, so that it is
 * tested without Leaflet.
 */
import type { Equipment, EquipmentKind, RuleAlertType, TrapState } from '@isoptera/contracts';
import type { BadgeTone } from '../../../shared/ui/badge';
import { equipmentTone, sortedAlerts } from './equipment-appearance';

export interface MapMarker {
  ulid: string;
  reference: string;
  kind: EquipmentKind;
  /** Decimal degrees. */
  latitude: number;
  longitude: number;
  tone: BadgeTone;
  state: TrapState;
  /** Open alert types, most important first. */
  alertTypes: RuleAlertType[];
}

/** Fill colours of the markers per tone (shared with the Home sites map, shared/ui/map-marker.ts). */
export { MARKER_COLOURS } from '../../../shared/ui/map-marker';

/** A coordinate of the answer (text), as a number; null when missing or out of range. */
function degrees(text: string | undefined, limit: number): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** The markers of the equipment that have a valid GPS position, in list order. */
export function buildMapMarkers(equipment: readonly Equipment[]): MapMarker[] {
  return equipment.flatMap((item) => {
    const latitude = degrees(item.gps_position?.latitude, 90);
    const longitude = degrees(item.gps_position?.longitude, 180);
    if (latitude === null || longitude === null) return [];
    return [
      {
        ulid: item.ulid,
        reference: item.reference,
        kind: item.kind,
        latitude,
        longitude,
        tone: equipmentTone(item),
        state: item.state,
        alertTypes: sortedAlerts(item).map((alert) => alert.type),
      },
    ];
  });
}

/** The south-west and north-east corners around every marker, or null when there is none. */
export function markerBounds(markers: readonly MapMarker[]): [[number, number], [number, number]] | null {
  if (markers.length === 0) return null;
  const latitudes = markers.map((m) => m.latitude);
  const longitudes = markers.map((m) => m.longitude);
  return [
    [Math.min(...latitudes), Math.min(...longitudes)],
    [Math.max(...latitudes), Math.max(...longitudes)],
  ];
}
