import 'maplibre-gl/dist/maplibre-gl.css';
import { Autocomplete, SegmentedControl, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import {
  type GeoJSONSource,
  LngLatBounds,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
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

/** A cluster of markers that would overlap at this zoom: the count; click or Enter zooms in on it. */
function clusterElement(id: number, count: number, onClick: (byKeyboard: boolean) => void): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.clusterId = String(id);
  button.className = classes.cluster ?? '';
  button.setAttribute('aria-label', `${count} Weingüter – heranzoomen`);
  button.textContent = String(count);
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    // A click from Enter or Space has no pointer position (detail 0).
    onClick(event.detail === 0);
  });
  return button;
}

const SOURCE_ID = 'wineries';
/** Markers closer than this (in pixels at the current zoom) form a cluster: a label is ~210 px wide. */
const CLUSTER_RADIUS = 70;
const FIT_PADDING = 60;

/** The markers as a clustered GeoJSON source; each point carries the index of its marker. */
function markerCollection(markers: readonly WineMapMarker[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: markers.map((marker, index) => ({
      type: 'Feature',
      properties: { index },
      geometry: { type: 'Point', coordinates: [marker.lngLat[0], marker.lngLat[1]] },
    })),
  };
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
    // One DOM marker per winery (labelled, a focusable button) and one per cluster, created once and
    // added to or removed from the map as MapLibre's clustered source regroups them on zoom.
    const single = markers.map((marker) =>
      new Marker({
        element: markerElement(marker, () => {
          if (!markerClickNavigates(window.innerWidth)) return;
          map.jumpTo({ center: marker.lngLat, zoom: MAP_MARKER_ZOOM });
          navigateRef.current?.(marker);
        }),
      }).setLngLat(marker.lngLat),
    );
    const clusters = new Map<number, Marker>();
    let focusNear: [number, number] | null = null;
    const shown = new Set<Marker>();

    function show(visible: Set<Marker>) {
      for (const marker of shown) if (!visible.has(marker)) marker.remove();
      for (const marker of visible) if (!shown.has(marker)) marker.addTo(map);
      shown.clear();
      for (const marker of visible) shown.add(marker);
      // Labels stay inside the map: one that would run off the right or bottom edge opens to the other side.
      const { clientWidth, clientHeight } = map.getContainer();
      for (const marker of visible) {
        const element = marker.getElement();
        if (!element.classList.contains(classes.marker ?? '')) continue;
        const point = map.project(marker.getLngLat());
        element.dataset.flipX = String(point.x + 230 > clientWidth && point.x > 230);
        element.dataset.flipY = String(point.y + 90 > clientHeight && point.y > 90);
      }
    }

    function update() {
      if (!map.getSource(SOURCE_ID) || !map.isSourceLoaded(SOURCE_ID)) return;
      const visible = new Set<Marker>();
      for (const feature of map.querySourceFeatures(SOURCE_ID)) {
        const properties = feature.properties ?? {};
        const [lng, lat] = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
        if (properties.cluster) {
          const id = Number(properties.cluster_id);
          let cluster = clusters.get(id);
          if (!cluster) {
            cluster = new Marker({
              element: clusterElement(id, Number(properties.point_count), (byKeyboard) => {
                const source = map.getSource<GeoJSONSource>(SOURCE_ID);
                void source?.getClusterExpansionZoom(id).then((zoomIn) => {
                  // The cluster button goes away: keyboard focus moves to what takes its place.
                  if (byKeyboard) focusNear = [lng, lat];
                  map.easeTo({ center: [lng, lat], zoom: zoomIn + 0.5 });
                });
              }),
            }).setLngLat([lng, lat]);
            clusters.set(id, cluster);
          }
          visible.add(cluster);
        } else {
          const marker = single[Number(properties.index)];
          if (marker) visible.add(marker);
        }
      }
      show(visible);
      if (focusNear && !map.isMoving()) {
        const target = map.project(focusNear);
        const nearest = [...visible].sort(
          (a, b) => map.project(a.getLngLat()).dist(target) - map.project(b.getLngLat()).dist(target),
        )[0];
        focusNear = null;
        nearest?.getElement().focus();
      }
    }

    map.on('load', () => {
      map.addSource(SOURCE_ID, {
        type: 'geojson',
        data: markerCollection(markers),
        cluster: true,
        clusterRadius: CLUSTER_RADIUS,
        clusterMaxZoom: 15,
      });
      // An invisible layer makes MapLibre build the source's tiles, which querySourceFeatures reads.
      map.addLayer({
        id: `${SOURCE_ID}-points`,
        type: 'circle',
        source: SOURCE_ID,
        paint: { 'circle-radius': 0, 'circle-opacity': 0 },
      });
    });
    map.on('sourcedata', (event) => {
      if (event.sourceId === SOURCE_ID && event.isSourceLoaded) update();
    });
    map.on('moveend', update);

    // The initial view shows every marker (the given centre and zoom remain for none or one).
    if (markers.length > 1) {
      const bounds = new LngLatBounds();
      for (const marker of markers) bounds.extend(marker.lngLat);
      map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: zoom + 4, animate: false });
    }
    return () => {
      for (const marker of shown) marker.remove();
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
