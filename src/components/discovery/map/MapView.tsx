import 'maplibre-gl/dist/maplibre-gl.css';
import { Autocomplete, SegmentedControl, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from 'maplibre-gl';
// MapLibre 6 finds its worker next to its own module, which bundling breaks: ship it as an asset.
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MAP_MARKER_ZOOM, markerClickNavigates } from '../../../domain/wineries';
import { buildMapStyle, rasterSourceId } from './base-style';
import classes from './map.module.css';
import { configuredRasterLayers, type MapLayerName, type WineMapMarker } from './map-types';

export interface MapViewProps {
  markers: WineMapMarker[];
  /** Longitude, latitude of the initial centre. */
  center: readonly [number, number];
  zoom: number;
  /** Height of the map @default 480 */
  height?: number;
  /** Shows the search over the markers @default false */
  searchable?: boolean;
  /** Called after a marker click on wide screens (the map is then centred at zoom 17). */
  onMarkerNavigate?: (marker: WineMapMarker) => void;
}

function markerElement(marker: WineMapMarker, onClick: () => void): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = classes.marker ?? '';
  button.setAttribute('aria-label', `Weingut ${marker.title}`);
  button.dataset.wineryId = String(marker.id);
  const pin = document.createElement('span');
  pin.className = classes.pin ?? '';
  const label = document.createElement('span');
  label.className = classes.label ?? '';
  if (marker.logo) {
    const logo = document.createElement('img');
    logo.src = marker.logo;
    logo.alt = '';
    label.append(logo);
  }
  const text = document.createElement('span');
  const title = document.createElement('strong');
  title.textContent = marker.title;
  text.append(title);
  if (marker.subregion) {
    const subregion = document.createElement('small');
    subregion.textContent = marker.subregion;
    text.append(subregion);
  }
  const preview = document.createElement('span');
  preview.textContent = marker.preview;
  text.append(preview);
  label.append(text);
  button.append(pin, label);
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return button;
}

setWorkerUrl(maplibreWorkerUrl);

/** The MapLibre map (loaded on demand): offline country layer, configured raster layers, markers, search. */
export default function MapView({
  markers,
  center,
  zoom,
  height = 480,
  searchable = false,
  onMarkerNavigate,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const navigateRef = useRef(onMarkerNavigate);
  navigateRef.current = onMarkerNavigate;
  const rasterLayers = useMemo(() => configuredRasterLayers(), []);
  const [layer, setLayer] = useState<MapLayerName>('Karte');
  const { online } = useNetwork();
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once; centre/zoom are initial values
  useEffect(() => {
    if (!container.current) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: container.current,
        style: buildMapStyle(rasterLayers),
        center: [center[0], center[1]],
        zoom,
        attributionControl: { compact: true },
      });
    } catch {
      setFailed(true);
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
    map.on('error', (event) => console.error('Karte:', event.error));
    mapRef.current = map;
    const placed = markers.map((marker) =>
      new Marker({
        element: markerElement(marker, () => {
          if (!markerClickNavigates(window.innerWidth)) return;
          map.jumpTo({ center: marker.lngLat, zoom: MAP_MARKER_ZOOM });
          navigateRef.current?.(marker);
        }),
        anchor: 'top-left',
        offset: [-7, -7],
      })
        .setLngLat(marker.lngLat)
        .addTo(map),
    );
    return () => {
      for (const marker of placed) marker.remove();
      map.remove();
      mapRef.current = null;
    };
  }, [markers, rasterLayers]);

  function showLayer(next: MapLayerName) {
    setLayer(next);
    const map = mapRef.current;
    if (!map) return;
    for (const { name } of rasterLayers) {
      map.setLayoutProperty(rasterSourceId(name), 'visibility', name === next ? 'visible' : 'none');
    }
  }

  function findWinery(title: string) {
    const marker = markers.find((entry) => entry.title === title);
    if (marker) mapRef.current?.flyTo({ center: marker.lngLat, zoom: 12 });
  }

  return (
    <div className={classes.frame} style={{ height }}>
      <div ref={container} className={classes.canvas} data-testid="wine-map" />
      {failed ? (
        <div className={classes.fallback}>Die Karte kann in diesem Browser nicht angezeigt werden.</div>
      ) : (
        <div className={classes.controls}>
          {searchable ? (
            <Autocomplete
              aria-label="Weingut auf der Karte suchen"
              placeholder="Weingut suchen"
              data={markers.map((marker) => marker.title)}
              value={search}
              onChange={setSearch}
              onOptionSubmit={findWinery}
              w={260}
              maw="100%"
            />
          ) : null}
          {rasterLayers.length > 0 ? (
            <SegmentedControl
              aria-label="Kartenebene"
              data={[
                'Karte',
                // Satellite and terrain tiles come from a tile server: offline only the base map works.
                ...rasterLayers.map((entry) => ({ value: entry.name, label: entry.name, disabled: !online })),
              ]}
              value={layer}
              onChange={(value) => showLayer(value as MapLayerName)}
            />
          ) : null}
          {rasterLayers.length > 0 && !online ? (
            <Text size="xs" c="dimmed" bg="white" px={6} style={{ borderRadius: 4 }}>
              Satelliten- und Geländekarten benötigen eine Internetverbindung.
            </Text>
          ) : null}
        </div>
      )}
    </div>
  );
}
