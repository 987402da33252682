import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { clusterCountByRegion, insideView, markerRegions, nearestOf } from '../../model/map-markers';
import { clusterRegions } from '../../model/wineries';
import { clusterElement, markerElement } from './map-elements';
import { addWineriesSource, expandCluster, type MapItem, placeItemLabels, SOURCE_ID } from './map-setup';
import type { WineMapMarker } from './map-types';

const PIN_RADIUS = 7;
const CLUSTER_RADIUS_PX = 18;

export interface MarkerLayerOptions {
  /** A winery's button was clicked. */
  onMarkerClick: (marker: WineMapMarker) => void;
  /** What the labels must not cover (the search, the layer switch, the zoom buttons). */
  obstacles: () => Element[];
}

/**
 * The wineries' buttons on `map`: one DOM marker per winery, made once; cluster buttons made as
 * MapLibre forms the clusters. MapLibre regroups its source per zoom level; once the map is idle
 * (tiles loaded, no movement) the buttons follow what it shows inside the view. Answers how to take
 * them off again.
 */
export function showMarkerLayer(
  map: MapLibreMap,
  markers: readonly WineMapMarker[],
  { onMarkerClick, obstacles }: MarkerLayerOptions,
): () => void {
  const regions = markerRegions(markers);
  const singles: MapItem[] = markers.map((marker) => {
    const { button, label } = markerElement(marker, () => onMarkerClick(marker));
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

  function clusterItem(
    id: number,
    count: number,
    properties: Record<string, unknown>,
    lngLat: [number, number],
  ) {
    const existing = clusters.get(id);
    if (existing) return existing;
    const names = clusterRegions(clusterCountByRegion(regions, properties));
    const { button, label } = clusterElement(id, count, names, (byKeyboard) => {
      void expandCluster(map, id, lngLat, () => {
        if (byKeyboard) focusNear = lngLat;
      });
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

  function visibleItems(): Set<MapItem> {
    const { clientWidth: width, clientHeight: height } = map.getContainer();
    const visible = new Set<MapItem>();
    for (const feature of map.querySourceFeatures(SOURCE_ID)) {
      if (feature.geometry.type !== 'Point') continue;
      const properties = feature.properties ?? {};
      const lngLat = feature.geometry.coordinates as [number, number];
      const item = properties.cluster
        ? clusterItem(Number(properties.cluster_id), Number(properties.point_count), properties, lngLat)
        : singles[Number(properties.index)];
      if (item && insideView(map.project(item.marker.getLngLat()), width, height)) visible.add(item);
    }
    return visible;
  }

  function update() {
    if (!map.getSource(SOURCE_ID) || !map.isSourceLoaded(SOURCE_ID)) return;
    const visible = visibleItems();
    for (const item of shown) if (!visible.has(item)) item.marker.remove();
    for (const item of visible) if (!shown.has(item)) item.marker.addTo(map);
    shown.clear();
    for (const item of visible) shown.add(item);
    placeItemLabels(map, shown, obstacles());
    if (focusNear) {
      const target = map.project(focusNear);
      focusNear = null;
      nearestOf(visible, (item) => map.project(item.marker.getLngLat()).dist(target))
        ?.marker.getElement()
        .focus();
    }
  }

  map.on('load', () => addWineriesSource(map, markers, regions));
  map.on('idle', update);
  return () => {
    for (const item of shown) item.marker.remove();
  };
}
