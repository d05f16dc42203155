import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './geo-map.css';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { publicConfig } from '../../lib/config';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { GeoMapProps, GeoMarker, LatLng } from './types';

const WORLD: L.LatLngTuple = [20, 0];
/** Without a single tile by then, the tile server is taken as unreachable (it may still answer later). */
const TILE_WAIT_MS = 6000;
const PIN =
  '<svg viewBox="0 0 28 36" aria-hidden="true"><path fill="currentColor" stroke="white" stroke-width="2" d="M14 1C7 1 1.5 6.4 1.5 13.2 1.5 22.5 14 35 14 35s12.5-12.5 12.5-21.8C26.5 6.4 21 1 14 1z"/><circle cx="14" cy="13" r="4.5" fill="white"/></svg>';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const toPoint = (ll: L.LatLng): LatLng => {
  const w = ll.wrap();
  return { lat: round6(w.lat), lng: round6(w.lng) };
};

function pinIcon(): L.DivIcon {
  return L.divIcon({ className: 'geo-map-pin', html: PIN, iconSize: [28, 36], iconAnchor: [14, 36], popupAnchor: [0, -30] });
}

/** Popup built from text nodes: names and addresses are user input and must never be parsed as HTML. */
function popupContent(m: GeoMarker): HTMLElement {
  const el = document.createElement('div');
  el.dir = 'auto';
  const title = document.createElement('strong');
  title.textContent = m.title;
  el.append(title);
  for (const line of m.lines ?? []) {
    const row = document.createElement('div');
    row.textContent = line;
    el.append(row);
  }
  return el;
}

export default function GeoMapImpl({ markers, label, selectedId, onMarkerSelect, picker, className }: GeoMapProps) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const pinsRef = useRef(new Map<string, L.Marker>());
  const pickRef = useRef<L.Marker | null>(null);
  const fittedRef = useRef('');
  const handlers = useRef({ select: onMarkerSelect, pick: picker?.onChange });
  const [tilesDown, setTilesDown] = useState(false);
  const picking = !!picker;
  const value = picker?.value ?? null;

  useEffect(() => {
    handlers.current = { select: onMarkerSelect, pick: picker?.onChange };
  });

  useEffect(() => {
    // The pin map is one object for the component's life (only cleared and refilled), so the cleanup
    // may hold it from here.
    const pins = pinsRef.current;
    const el = box.current!;
    const map = L.map(el, { zoomControl: false, worldCopyJump: true }).setView(WORLD, 2);
    L.control.zoom().addTo(map);
    const { tileUrl, attribution } = publicConfig().map;
    let loaded = false;
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19 })
      .on('tileload', () => {
        loaded = true;
        setTilesDown(false);
      })
      // One failed tile among loaded ones is a hiccup; failing before any loaded means no tile server.
      .on('tileerror', () => !loaded && setTilesDown(true))
      .addTo(map);
    const timer = window.setTimeout(() => !loaded && setTilesDown(true), TILE_WAIT_MS);
    layerRef.current = L.layerGroup().addTo(map);
    map.on('click', (e: L.LeafletMouseEvent) => handlers.current.pick?.(toPoint(e.latlng)));
    mapRef.current = map;
    // Dialogs and responsive layouts resize the box after Leaflet measured it.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(el);
    return () => {
      window.clearTimeout(timer);
      resize.disconnect();
      tiles.off();
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      pickRef.current = null;
      pins.clear();
      fittedRef.current = '';
    };
  }, []);

  // Zoom buttons follow the page language.
  useEffect(() => {
    const el = box.current;
    for (const [cls, key] of [
      ['in', 'map.zoomIn'],
      ['out', 'map.zoomOut'],
    ] as const) {
      const b = el?.querySelector<HTMLElement>(`.leaflet-control-zoom-${cls}`);
      if (b) {
        b.title = t(key);
        b.setAttribute('aria-label', t(key));
      }
    }
  }, [t]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    pinsRef.current.clear();
    for (const m of markers) {
      const pin = L.marker([m.lat, m.lng], { icon: pinIcon(), title: m.title, alt: m.title, keyboard: true })
        .bindPopup(popupContent(m))
        .on('click', () => handlers.current.select?.(m.id))
        .addTo(layer);
      pinsRef.current.set(m.id, pin);
    }
    // Frame the markers when the set changes, not on every re-render or selection.
    const key = markers.map((m) => `${m.id}:${m.lat}:${m.lng}`).join('|');
    if (key === fittedRef.current || picking) return;
    fittedRef.current = key;
    if (markers.length === 1) map.setView([markers[0]!.lat, markers[0]!.lng], 14);
    else if (markers.length > 1)
      map.fitBounds(L.latLngBounds(markers.map((m) => [m.lat, m.lng] as L.LatLngTuple)), { padding: [32, 32], maxZoom: 15 });
  }, [markers, picking]);

  useEffect(() => {
    for (const [id, pin] of pinsRef.current) {
      const el = pin.getElement();
      if (el) el.dataset.selected = String(id === selectedId);
    }
    const pin = selectedId ? pinsRef.current.get(selectedId) : undefined;
    if (pin && mapRef.current) {
      mapRef.current.panTo(pin.getLatLng());
      pin.openPopup();
    }
  }, [selectedId, markers]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !picking) return;
    if (!value) {
      pickRef.current?.remove();
      pickRef.current = null;
      return;
    }
    if (!pickRef.current) {
      pickRef.current = L.marker([value.lat, value.lng], { icon: pinIcon(), draggable: true, keyboard: true, autoPan: true })
        .on('dragend', (e) => handlers.current.pick?.(toPoint((e.target as L.Marker).getLatLng())))
        .addTo(map);
      pickRef.current.getElement()?.setAttribute('data-selected', 'true');
      // A point picked on the world view is rough: zoom in so it can be refined.
      map.setView([value.lat, value.lng], map.getZoom() < 5 ? 13 : map.getZoom());
    } else {
      pickRef.current.setLatLng([value.lat, value.lng]);
      if (!map.getBounds().contains([value.lat, value.lng])) map.panTo([value.lat, value.lng]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the point may arrive as a new object on any render; only moved coordinates move the pin
  }, [picking, value?.lat, value?.lng]);

  return (
    <div role="region" aria-label={label} className={cn('geo-map relative isolate overflow-hidden rounded-lg border', className)}>
      {/* Maps read left to right in every language; the page around them follows the language. */}
      <div ref={box} dir="ltr" className="size-full" style={{ background: 'var(--muted)' }} data-testid="geo-map" />
      {tilesDown && (
        <p
          role="status"
          className="pointer-events-none absolute inset-x-2 bottom-7 z-[1000] mx-auto w-fit max-w-[calc(100%-4rem)] rounded-md border bg-card/95 px-3 py-1.5 text-xs text-muted-foreground shadow-sm"
        >
          {t('map.tilesUnavailable')}
        </p>
      )}
    </div>
  );
}
