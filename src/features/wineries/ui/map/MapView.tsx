import { useOnline } from '../../../../components/offline/use-online';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Autocomplete, SegmentedControl, Text } from '@mantine/core';

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
import {
  clusterCaption,
  clusterName,
  clusterRegions,
  MAP_CLUSTER_RADIUS,
  MAP_MARKER_ZOOM,
  markerClickNavigates,
} from '../../model/wineries';
import { buildMapStyle, rasterSourceId } from './base-style';
import { type Box, type LabelRequest, placeLabels } from './label-placement';
import classes from './map.module.css';
import { configuredRasterLayers, type MapLayerName, type WineMapMarker } from './map-types';

export interface MapViewProps {
  markers: WineMapMarker[];
  /** Longitude, latitude of the initial centre (when there are fewer than two markers to fit). */
  center: readonly [number, number];
  zoom: number;
  /** Height of the map @default 480 */
  height?: number;
  /** Shows the search over the markers @default false */
  searchable?: boolean;
  /** Called after a marker click on wide screens (the map is then centred at zoom 17). */
  onMarkerNavigate?: (marker: WineMapMarker) => void;
}

/** A winery's pin with its permanent label (logo, title, subregion, description preview). */
function markerElement(
  marker: WineMapMarker,
  onClick: () => void,
): { button: HTMLElement; label: HTMLElement } {
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
  return { button, label };
}

/** Wineries that would overlap at this zoom: their count and regions; a click or Enter zooms in. */
function clusterElement(
  id: number,
  count: number,
  regions: readonly string[],
  onActivate: (byKeyboard: boolean) => void,
): { button: HTMLElement; label: HTMLElement | null } {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = classes.cluster ?? '';
  button.dataset.clusterId = String(id);
  button.setAttribute('aria-label', clusterName(count, regions));
  const bubble = document.createElement('span');
  bubble.className = classes.bubble ?? '';
  bubble.textContent = String(count);
  button.append(bubble);
  let label: HTMLElement | null = null;
  const caption = clusterCaption(regions);
  if (caption) {
    label = document.createElement('span');
    label.className = classes.caption ?? '';
    label.textContent = caption;
    button.append(label);
  }
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    // A click from Enter or Space has no pointer behind it (detail 0): focus then follows the zoom.
    onActivate(event.detail === 0);
  });
  return { button, label };
}

/** A marker or cluster shown on the map, with the label the placement moves. */
interface MapItem {
  marker: Marker;
  label: HTMLElement | null;
  /** Half the pin's or bubble's size. */
  radius: number;
  prefer: LabelRequest['prefer'];
}

const SOURCE_ID = 'wineries';
/** Room around fitted markers; more at the top, where the search sits. */
const FIT_PADDING = { top: 72, right: 48, bottom: 48, left: 48 };
/** The first view never zooms in further than this to fit (two wineries next door). */
const FIT_MAX_ZOOM = 10;
const PIN_RADIUS = 7;
const CLUSTER_RADIUS_PX = 18;

/** The wineries as GeoJSON points carrying their index and their region's index. */
function markerCollection(
  markers: readonly WineMapMarker[],
  regions: readonly string[],
): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: markers.map((marker, index) => ({
      type: 'Feature',
      properties: { index, region: marker.region ? regions.indexOf(marker.region) : -1 },
      geometry: { type: 'Point', coordinates: [marker.lngLat[0], marker.lngLat[1]] },
    })),
  };
}

/** Box of an element relative to the map container. */
function boxWithin(element: Element, container: DOMRect): Box {
  const rect = element.getBoundingClientRect();
  return {
    x: rect.left - container.left,
    y: rect.top - container.top,
    width: rect.width,
    height: rect.height,
  };
}

setWorkerUrl(maplibreWorkerUrl);

/**
 * The MapLibre map (loaded on demand): offline country layer, configured raster layers, markers,
 * search. The markers go through MapLibre's clustered GeoJSON source: wineries that would overlap at
 * the current zoom show as one cluster button with their count, every other winery as its own button
 * with its permanent label, placed inside the map and clear of its neighbours.
 */
export default function MapView({
  markers,
  center,
  zoom,
  height = 480,
  searchable = false,
  onMarkerNavigate,
}: MapViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const navigateRef = useRef(onMarkerNavigate);
  navigateRef.current = onMarkerNavigate;
  const rasterLayers = useMemo(() => configuredRasterLayers(), []);
  const [layer, setLayer] = useState<MapLayerName>('Karte');
  const online = useOnline();
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once; centre/zoom are initial values
  useEffect(() => {
    if (!container.current) return;
    // The first view shows every marker; the given centre and zoom remain for none, one marker sits in the middle.
    const bounds = new LngLatBounds();
    for (const marker of markers) bounds.extend(marker.lngLat);
    const only = markers.length === 1 ? markers[0] : undefined;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: container.current,
        style: buildMapStyle(rasterLayers),
        ...(markers.length > 1
          ? { bounds, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM } }
          : { center: only ? only.lngLat : [center[0], center[1]], zoom }),
        attributionControl: { compact: true },
      });
    } catch {
      setFailed(true);
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
    map.on('error', (event) => console.error('Karte:', event.error));
    mapRef.current = map;

    const regions = [...new Set(markers.flatMap((marker) => (marker.region ? [marker.region] : [])))].sort();
    // One DOM marker per winery, made once; cluster buttons are made as MapLibre forms the clusters.
    const singles: MapItem[] = markers.map((marker) => {
      const { button, label } = markerElement(marker, () => {
        if (!markerClickNavigates(window.innerWidth)) return;
        map.jumpTo({ center: marker.lngLat, zoom: MAP_MARKER_ZOOM });
        navigateRef.current?.(marker);
      });
      return {
        marker: new Marker({ element: button }).setLngLat(marker.lngLat),
        label,
        radius: PIN_RADIUS,
        prefer: 'side',
      };
    });
    const clusters = new Map<number, MapItem>();
    const shown = new Set<MapItem>();
    /** After a cluster opened by keyboard: the focus goes to what is nearest to where it was. */
    let focusNear: [number, number] | null = null;

    async function expand(clusterId: number, lngLat: [number, number], byKeyboard: boolean) {
      const source = map.getSource<GeoJSONSource>(SOURCE_ID);
      if (!source) return;
      // The zoom at which the cluster falls apart, and the view that holds all its wineries (but
      // never much closer than needed to separate them).
      const splitZoom = await source.getClusterExpansionZoom(clusterId);
      const leaves = await source.getClusterLeaves(clusterId, Number.POSITIVE_INFINITY, 0);
      const leafBounds = new LngLatBounds();
      for (const leaf of leaves) {
        if (leaf.geometry.type === 'Point') leafBounds.extend(leaf.geometry.coordinates as [number, number]);
      }
      const camera = map.cameraForBounds(leafBounds, { padding: FIT_PADDING, maxZoom: splitZoom + 1 });
      const target = Math.min(Math.max(splitZoom, camera?.zoom ?? splitZoom), map.getMaxZoom());
      if (byKeyboard) focusNear = lngLat;
      map.easeTo({ center: camera?.center ?? lngLat, zoom: target, duration: 500 });
    }

    function clusterItem(
      id: number,
      count: number,
      properties: Record<string, unknown>,
      lngLat: [number, number],
    ) {
      const existing = clusters.get(id);
      if (existing) return existing;
      const countByRegion = new Map(
        regions.map((region, index) => [region, Number(properties[`r${index}`] ?? 0)]),
      );
      const { button, label } = clusterElement(id, count, clusterRegions(countByRegion), (byKeyboard) => {
        void expand(id, lngLat, byKeyboard);
      });
      const item: MapItem = {
        marker: new Marker({ element: button }).setLngLat(lngLat),
        label,
        radius: CLUSTER_RADIUS_PX,
        prefer: 'vertical',
      };
      clusters.set(id, item);
      return item;
    }

    function placeShownLabels() {
      const box = map.getContainer().getBoundingClientRect();
      const items = [...shown].filter((item) => item.label);
      const requests: LabelRequest[] = items.map((item) => {
        const point = map.project(item.marker.getLngLat());
        const label = item.label as HTMLElement;
        return {
          x: point.x,
          y: point.y,
          radius: item.radius,
          width: label.offsetWidth,
          height: label.offsetHeight,
          prefer: item.prefer,
        };
      });
      // The search, the layer switch and the zoom buttons are not to be covered either.
      const obstacles = [
        ...(frame.current?.querySelectorAll(`.${classes.controls} > *`) ?? []),
        ...map.getContainer().querySelectorAll('.maplibregl-ctrl-bottom-right .maplibregl-ctrl'),
      ].map((element) => boxWithin(element, box));
      const offsets = placeLabels(requests, { width: box.width, height: box.height }, obstacles);
      items.forEach((item, index) => {
        const label = item.label as HTMLElement;
        const offset = offsets[index] ?? { dx: 0, dy: 0 };
        // The label is positioned inside its button, whose top-left corner is radius above-left of the centre.
        label.style.left = `${offset.dx + item.radius}px`;
        label.style.top = `${offset.dy + item.radius}px`;
      });
    }

    // MapLibre regroups the source per zoom level; once the map is idle (tiles loaded, no movement)
    // the buttons follow what it shows inside the view.
    function update() {
      if (!map.getSource(SOURCE_ID) || !map.isSourceLoaded(SOURCE_ID)) return;
      const { clientWidth: width, clientHeight: viewHeight } = map.getContainer();
      const visible = new Set<MapItem>();
      for (const feature of map.querySourceFeatures(SOURCE_ID)) {
        if (feature.geometry.type !== 'Point') continue;
        const properties = feature.properties ?? {};
        const lngLat = feature.geometry.coordinates as [number, number];
        const item = properties.cluster
          ? clusterItem(Number(properties.cluster_id), Number(properties.point_count), properties, lngLat)
          : singles[Number(properties.index)];
        if (!item) continue;
        const point = map.project(item.marker.getLngLat());
        if (point.x < 0 || point.y < 0 || point.x > width || point.y > viewHeight) continue;
        visible.add(item);
      }
      for (const item of shown) if (!visible.has(item)) item.marker.remove();
      for (const item of visible) if (!shown.has(item)) item.marker.addTo(map);
      shown.clear();
      for (const item of visible) shown.add(item);
      placeShownLabels();
      if (focusNear) {
        const target = map.project(focusNear);
        const nearest = [...visible].sort(
          (a, b) =>
            map.project(a.marker.getLngLat()).dist(target) - map.project(b.marker.getLngLat()).dist(target),
        )[0];
        focusNear = null;
        nearest?.marker.getElement().focus();
      }
    }

    map.on('load', () => {
      map.addSource(SOURCE_ID, {
        type: 'geojson',
        data: markerCollection(markers, regions),
        cluster: true,
        clusterRadius: MAP_CLUSTER_RADIUS,
        // Per cluster: how many of its wineries lie in each region (for its caption and name).
        clusterProperties: Object.fromEntries(
          regions.map((_, index) => [`r${index}`, ['+', ['case', ['==', ['get', 'region'], index], 1, 0]]]),
        ),
      });
      // An invisible layer makes MapLibre build the source's tiles, which querySourceFeatures reads.
      map.addLayer({
        id: `${SOURCE_ID}-points`,
        type: 'circle',
        source: SOURCE_ID,
        paint: { 'circle-radius': 0, 'circle-opacity': 0 },
      });
    });
    map.on('idle', update);
    return () => {
      for (const item of shown) item.marker.remove();
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
    <div ref={frame} className={classes.frame} style={{ height }}>
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
