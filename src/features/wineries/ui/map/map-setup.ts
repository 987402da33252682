import {
  type GeoJSONSource,
  LngLatBounds,
  Map as MapLibreMap,
  type Marker,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
// MapLibre 6 finds its worker next to its own module, which bundling breaks: ship it as an asset.
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { markerCollection, regionClusterProperties } from '../../model/map-markers';
import { MAP_CLUSTER_RADIUS } from '../../model/wineries';
import { buildMapStyle } from './base-style';
import { type LabelRequest, placeLabels } from './label-placement';
import { boxWithin } from './map-elements';
import type { MapLayerName, WineMapMarker } from './map-types';

setWorkerUrl(maplibreWorkerUrl);

export const SOURCE_ID = 'wineries';
/** Room around fitted markers; more at the top, where the search sits. */
const FIT_PADDING = { top: 72, right: 48, bottom: 48, left: 48 };
/** The first view never zooms in further than this to fit (two wineries next door). */
const FIT_MAX_ZOOM = 10;

/** A marker or cluster shown on the map, with the label the placement moves. */
export interface MapItem {
  marker: Marker;
  label: HTMLElement | null;
  /** Half the pin's or bubble's size. */
  radius: number;
  prefer: LabelRequest['prefer'];
}

/**
 * The map in `container` with its zoom buttons, its first view showing every marker (the given
 * centre and zoom remain for none, one marker sits in the middle); null where MapLibre cannot run.
 */
export function createMap(
  container: HTMLElement,
  markers: readonly WineMapMarker[],
  initial: { center: readonly [number, number]; zoom: number },
  rasterLayers: readonly { name: MapLayerName; url: string }[],
): MapLibreMap | null {
  const bounds = new LngLatBounds();
  for (const marker of markers) bounds.extend(marker.lngLat);
  const only = markers.length === 1 ? markers[0] : undefined;
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container,
      style: buildMapStyle([...rasterLayers]),
      ...(markers.length > 1
        ? { bounds, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM } }
        : { center: only ? only.lngLat : [initial.center[0], initial.center[1]], zoom: initial.zoom }),
      attributionControl: { compact: true },
    });
  } catch {
    return null;
  }
  map.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
  map.on('error', (event) => console.error('Karte:', event.error));
  return map;
}

/** The wineries' clustered source, with the invisible layer that makes MapLibre build its tiles. */
export function addWineriesSource(
  map: MapLibreMap,
  markers: readonly WineMapMarker[],
  regions: readonly string[],
): void {
  map.addSource(SOURCE_ID, {
    type: 'geojson',
    data: markerCollection(markers, regions),
    cluster: true,
    clusterRadius: MAP_CLUSTER_RADIUS,
    clusterProperties: regionClusterProperties(regions),
  });
  // querySourceFeatures reads the tiles, which are only built for a source with a layer.
  map.addLayer({
    id: `${SOURCE_ID}-points`,
    type: 'circle',
    source: SOURCE_ID,
    paint: { 'circle-radius': 0, 'circle-opacity': 0 },
  });
}

/**
 * Zooms into a cluster: to the zoom at which it falls apart, or the view that holds all its
 * wineries (but never much closer than needed to separate them).
 */
export async function expandCluster(
  map: MapLibreMap,
  clusterId: number,
  lngLat: [number, number],
  beforeMove: () => void,
): Promise<void> {
  const source = map.getSource<GeoJSONSource>(SOURCE_ID);
  if (!source) return;
  const splitZoom = await source.getClusterExpansionZoom(clusterId);
  const leaves = await source.getClusterLeaves(clusterId, Number.POSITIVE_INFINITY, 0);
  const leafBounds = new LngLatBounds();
  for (const leaf of leaves) {
    if (leaf.geometry.type === 'Point') leafBounds.extend(leaf.geometry.coordinates as [number, number]);
  }
  const camera = map.cameraForBounds(leafBounds, { padding: FIT_PADDING, maxZoom: splitZoom + 1 });
  const target = Math.min(Math.max(splitZoom, camera?.zoom ?? splitZoom), map.getMaxZoom());
  beforeMove();
  map.easeTo({ center: camera?.center ?? lngLat, zoom: target, duration: 500 });
}

/** Places the labels of the shown items inside the map, clear of each other and of `obstacles`. */
export function placeItemLabels(
  map: MapLibreMap,
  shown: Iterable<MapItem>,
  obstacles: readonly Element[],
): void {
  const box = map.getContainer().getBoundingClientRect();
  const items = [...shown].filter((item): item is MapItem & { label: HTMLElement } => item.label !== null);
  const requests: LabelRequest[] = items.map((item) => {
    const point = map.project(item.marker.getLngLat());
    return {
      x: point.x,
      y: point.y,
      radius: item.radius,
      width: item.label.offsetWidth,
      height: item.label.offsetHeight,
      prefer: item.prefer,
    };
  });
  const offsets = placeLabels(
    requests,
    { width: box.width, height: box.height },
    obstacles.map((element) => boxWithin(element, box)),
  );
  items.forEach((item, index) => {
    const offset = offsets[index] ?? { dx: 0, dy: 0 };
    // The label is positioned inside its button, whose top-left corner is radius above-left of the centre.
    item.label.style.left = `${offset.dx + item.radius}px`;
    item.label.style.top = `${offset.dy + item.radius}px`;
  });
}
