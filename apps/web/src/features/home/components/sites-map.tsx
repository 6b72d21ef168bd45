/**
 * The map of the PCO's sites on Home (issue 15 "The overview per space"), with Leaflet and the OpenStreetMap tiles of
 * the equipment map (issue 5, `MAP_TILE_URL`: the one tile origin the Content-Security-Policy allows). This module and
 * Leaflet (script and CSS) form their own chunk, loaded by `sites-map-card.tsx` when the card shows (ARCHITECTURE §6
 * budgets). One keyboard-focusable marker per site, in the equipment map's style, coloured by its worst alert or its
 * status and named by the site, its client, its status and its alert; a click or Enter opens the site. The wheel does
 * not zoom and, on a touch screen, one finger scrolls the page (two fingers move and zoom): the map never traps the
 * scroll.
 */
import 'leaflet/dist/leaflet.css';
import { MAP_TILE_URL } from '@isoptera/contracts';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { markerHtml } from '../../../shared/ui/map-marker';
import { type SiteMarker, siteMarkerBounds } from '../lib/site-markers';

const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';
const MAX_ZOOM = 19;
/** A lone site is shown at street level. */
const SINGLE_MARKER_ZOOM = 15;

export interface SitesMapProps {
  markers: readonly SiteMarker[];
  /** Called when a site's marker is activated (click or Enter). */
  onOpenSite: (ulid: string) => void;
  /** Accessible name of the map. */
  label: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The marker's icon: the equipment map's dot, larger for a site in alert. */
function siteIcon(marker: SiteMarker): L.DivIcon {
  const size = marker.inAlert ? 20 : 16;
  return L.divIcon({ html: markerHtml(marker.tone, size), className: 'site-marker', iconSize: [size, size] });
}

/** The map of the sites. */
export function SitesMap({ markers, onOpenSite, label }: SitesMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const onOpenRef = useRef(onOpenSite);
  onOpenRef.current = onOpenSite;
  const boundsKey = JSON.stringify(siteMarkerBounds(markers));

  // the map itself, once
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; the texts are read at creation
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      zoomControl: false,
      attributionControl: true,
      maxZoom: MAX_ZOOM,
      scrollWheelZoom: false,
      // one finger scrolls the page on a phone; two fingers pan and zoom the map
      dragging: !L.Browser.mobile,
    });
    L.control.zoom({ zoomInTitle: t('overview:map.zoomIn'), zoomOutTitle: t('overview:map.zoomOut') }).addTo(map);
    L.tileLayer(MAP_TILE_URL, {
      maxZoom: MAX_ZOOM,
      attribution: `&copy; <a href="${OSM_COPYRIGHT_URL}">${escapeHtml(t('overview:map.osmContributors'))}</a>`,
    }).addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, []);

  // the markers
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    for (const marker of markers) {
      const parts = [marker.name, marker.client, t(marker.statusKey)];
      if (marker.alertKey) parts.push(t(marker.alertKey));
      const name = parts.join(' · ');
      const leafletMarker = L.marker([marker.latitude, marker.longitude], {
        icon: siteIcon(marker),
        keyboard: true,
        title: name,
        riseOnHover: true,
        zIndexOffset: marker.inAlert ? 500 : 0,
      });
      // the icon's own listeners, not Leaflet's: a click Leaflet takes for the end of a pan, or an Enter it misses,
      // still opens the site
      leafletMarker.on('add', () => {
        const element = leafletMarker.getElement();
        if (!element || element.dataset.ulid === marker.ulid) return;
        element.setAttribute('aria-label', t('overview:map.openSite', { name }));
        element.dataset.ulid = marker.ulid;
        element.addEventListener('click', () => onOpenRef.current(marker.ulid));
        element.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onOpenRef.current(marker.ulid);
        });
      });
      leafletMarker.addTo(layer);
    }
  }, [markers, t]);

  // the view: every marker (when their extent changes)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `boundsKey` stands for the markers' extent
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = siteMarkerBounds(markers);
    if (!bounds) {
      map.setView([20, 0], 2);
      return;
    }
    const [[south, west], [north, east]] = bounds;
    if (south === north && west === east) map.setView([south, west], SINGLE_MARKER_ZOOM);
    else map.fitBounds(bounds, { padding: [32, 32], maxZoom: SINGLE_MARKER_ZOOM });
  }, [boundsKey]);

  return (
    <section
      ref={containerRef}
      aria-label={label}
      className="isolate h-80 w-full bg-gray-100 lg:h-96"
      data-testid="sites-map"
    />
  );
}
