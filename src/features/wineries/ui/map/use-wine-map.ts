import type { Map as MapLibreMap } from 'maplibre-gl';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { MAP_MARKER_ZOOM, markerClickNavigates } from '../../model/wineries';
import { rasterSourceId } from './base-style';
import classes from './map.module.css';
import { createMap } from './map-setup';
import type { MapLayerName, WineMapMarker } from './map-types';
import { showMarkerLayer } from './marker-layer';

export interface WineMapOptions {
  /** The element around the map and its controls (whose controls the labels keep clear of). */
  frame: RefObject<HTMLDivElement | null>;
  /** The element MapLibre draws into. */
  container: RefObject<HTMLDivElement | null>;
  markers: WineMapMarker[];
  center: readonly [number, number];
  zoom: number;
  rasterLayers: readonly { name: MapLayerName; url: string }[];
  onMarkerNavigate?: (marker: WineMapMarker) => void;
}

/**
 * The MapLibre map in `container`, made once per marker list: its first view, the wineries' layer
 * and what a marker click does; with whether the map could not be made, and how to switch its
 * raster layer and fly to a winery.
 */
export function useWineMap({
  frame,
  container,
  markers,
  center,
  zoom,
  rasterLayers,
  onMarkerNavigate,
}: WineMapOptions) {
  const mapRef = useRef<MapLibreMap | null>(null);
  const navigateRef = useRef(onMarkerNavigate);
  navigateRef.current = onMarkerNavigate;
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once; centre/zoom are initial values
  useEffect(() => {
    if (!container.current) return;
    const map = createMap(container.current, markers, { center, zoom }, rasterLayers);
    if (!map) {
      setFailed(true);
      return;
    }
    mapRef.current = map;
    const removeMarkers = showMarkerLayer(map, markers, {
      onMarkerClick: (marker) => {
        if (!markerClickNavigates(window.innerWidth)) return;
        map.jumpTo({ center: marker.lngLat, zoom: MAP_MARKER_ZOOM });
        navigateRef.current?.(marker);
      },
      obstacles: () => [
        ...(frame.current?.querySelectorAll(`.${classes.controls} > *`) ?? []),
        ...map.getContainer().querySelectorAll('.maplibregl-ctrl-bottom-right .maplibregl-ctrl'),
      ],
    });
    return () => {
      removeMarkers();
      map.remove();
      mapRef.current = null;
    };
  }, [markers, rasterLayers]);

  return {
    failed,
    /** Shows raster layer `next` (or only the base map for 'Karte'). */
    showLayer(next: MapLayerName) {
      const map = mapRef.current;
      if (!map) return;
      for (const { name } of rasterLayers) {
        map.setLayoutProperty(rasterSourceId(name), 'visibility', name === next ? 'visible' : 'none');
      }
    },
    /** Flies to the winery titled `title`, if there is one. */
    findWinery(title: string) {
      const marker = markers.find((entry) => entry.title === title);
      if (marker) mapRef.current?.flyTo({ center: marker.lngLat, zoom: 12 });
    },
  };
}
