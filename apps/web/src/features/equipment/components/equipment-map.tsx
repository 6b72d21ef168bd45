/**
 * The map of a site's equipment (SPEC §2.7 "Sites: detail"), with Leaflet and OpenStreetMap tiles. This module and
 * Leaflet (script and CSS) form their own chunk, loaded by `equipment-map-loader.tsx` when the map is first shown
 * (ARCHITECTURE §6 budgets). One keyboard-focusable marker per positioned equipment, coloured by its worst alert or its
 * state, named by its reference, kind, state and alerts; Enter or a click opens a popup and selects a station. The map
 * fits every marker; without tiles (offline) the markers still show on the blank background. The list next to it is
 * the accessible alternative.
 */
import 'leaflet/dist/leaflet.css';
import { MAP_TILE_URL } from '@isoptera/contracts';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKER_COLOURS, type MapMarker, markerBounds } from '../lib/map-markers';

const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';
/** OpenStreetMap tiles go up to zoom 19; a lone marker is shown close. */
const MAX_ZOOM = 19;
const SINGLE_MARKER_ZOOM = 18;

export interface EquipmentMapProps {
  markers: readonly MapMarker[];
  /** The selected station, drawn larger. */
  selectedUlid?: string | null;
  /** Called when a station's marker is activated (click or Enter). */
  onSelectStation?: (ulid: string) => void;
  /** Accessible name of the map. */
  label: string;
  /** Where to look when there is no marker (the site's address), else the whole world. */
  fallbackCenter?: [number, number] | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The marker's icon: a white-outlined dot (stations) or square (gateways) in its tone's colour, larger when selected. */
function markerIcon(marker: MapMarker, selected: boolean): L.DivIcon {
  const size = selected ? 22 : 16;
  const radius = marker.kind === 'gateway' ? '3px' : '50%';
  const ring = selected ? 'box-shadow:0 0 0 3px #111827;' : 'box-shadow:0 1px 3px rgba(0,0,0,.4);';
  return L.divIcon({
    html: `<span aria-hidden="true" style="display:block;width:${size}px;height:${size}px;border-radius:${radius};background:${MARKER_COLOURS[marker.tone]};border:2px solid #fff;${ring}"></span>`,
    className: 'equipment-marker',
    iconSize: [size, size],
  });
}

const zIndexOf = (marker: MapMarker, selected: boolean) => (selected ? 1000 : marker.alertTypes.length > 0 ? 500 : 0);

/** The map of the equipment positions. */
export function EquipmentMap({ markers, selectedUlid, onSelectStation, label, fallbackCenter }: EquipmentMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  /** The Leaflet marker of each equipment shown, with its data. */
  const shownRef = useRef(new Map<string, { leaflet: L.Marker; marker: MapMarker }>());
  const onSelectRef = useRef(onSelectStation);
  onSelectRef.current = onSelectStation;
  const selectedRef = useRef(selectedUlid);
  selectedRef.current = selectedUlid;
  const boundsKey = JSON.stringify(markerBounds(markers));

  // the map itself, once
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; the texts are read at creation
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { zoomControl: false, attributionControl: true, maxZoom: MAX_ZOOM });
    L.control.zoom({ zoomInTitle: t('equipment:map.zoomIn'), zoomOutTitle: t('equipment:map.zoomOut') }).addTo(map);
    L.tileLayer(MAP_TILE_URL, {
      maxZoom: MAX_ZOOM,
      attribution: `&copy; <a href="${OSM_COPYRIGHT_URL}">${escapeHtml(t('equipment:map.osmContributors'))}</a>`,
    }).addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, []);

  // the markers (a change of selection only restyles them: see below, so that an open popup stays open)
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    shownRef.current.clear();
    for (const marker of markers) {
      const selected = marker.ulid === selectedRef.current;
      const state = t(`enums:trap_state.${marker.state}`);
      const alerts = marker.alertTypes.map((type) => t(`enums:alert_type.${type}`));
      const name = [marker.reference, t(`enums:equipment_kind.${marker.kind}`), state, ...alerts].join(' · ');
      const leafletMarker = L.marker([marker.latitude, marker.longitude], {
        icon: markerIcon(marker, selected),
        keyboard: true,
        title: name,
        riseOnHover: true,
        zIndexOffset: zIndexOf(marker, selected),
      });
      const popup = document.createElement('div');
      popup.className = 'flex flex-col gap-0.5 text-[13px]';
      const title = document.createElement('strong');
      title.textContent = marker.reference;
      const kind = document.createElement('span');
      kind.textContent = t(`enums:equipment_kind.${marker.kind}`);
      const stateLine = document.createElement('span');
      stateLine.textContent = t('equipment:map.state', { state });
      popup.append(title, kind, stateLine);
      for (const alert of alerts) {
        const line = document.createElement('span');
        line.className = 'font-medium text-red-800';
        line.textContent = alert;
        popup.append(line);
      }
      leafletMarker.bindPopup(popup);
      if (marker.kind !== 'gateway') leafletMarker.on('click', () => onSelectRef.current?.(marker.ulid));
      // the icon element exists once the map is ready (after its first view): name it then; a new icon of the same
      // kind (DivIcon) reuses that element, so the name stays
      leafletMarker.on('add', () => {
        const element = leafletMarker.getElement();
        element?.setAttribute('aria-label', name);
        element?.setAttribute('data-ulid', marker.ulid);
      });
      leafletMarker.addTo(layer);
      shownRef.current.set(marker.ulid, { leaflet: leafletMarker, marker });
    }
  }, [markers, t]);

  // the selected station, drawn larger and on top
  // biome-ignore lint/correctness/useExhaustiveDependencies: `markers` recreates the markers, restyled here after
  useEffect(() => {
    for (const [ulid, { leaflet, marker }] of shownRef.current) {
      const selected = ulid === selectedUlid;
      const element = leaflet.getElement();
      if (element?.dataset.selected === String(selected)) continue;
      leaflet.setIcon(markerIcon(marker, selected));
      leaflet.setZIndexOffset(zIndexOf(marker, selected));
      leaflet.getElement()?.setAttribute('data-selected', String(selected));
    }
  }, [selectedUlid, markers]);

  // the view: every marker (when the set of positions changes), else the fallback
  // biome-ignore lint/correctness/useExhaustiveDependencies: `boundsKey` stands for the markers' extent
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = markerBounds(markers);
    if (!bounds) {
      if (fallbackCenter) map.setView(fallbackCenter, 16);
      else map.setView([20, 0], 2);
      return;
    }
    const [[south, west], [north, east]] = bounds;
    if (south === north && west === east) map.setView([south, west], SINGLE_MARKER_ZOOM);
    else map.fitBounds(bounds, { padding: [24, 24], maxZoom: SINGLE_MARKER_ZOOM });
  }, [boundsKey, fallbackCenter?.[0], fallbackCenter?.[1]]);

  return (
    <section
      ref={containerRef}
      aria-label={label}
      className="isolate h-72 w-full bg-gray-100 sm:h-80"
      data-testid="equipment-map"
    />
  );
}
