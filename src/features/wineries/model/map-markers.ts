/** Pure rules of the wineries map: what goes into MapLibre's clustered source and what is shown. */

/** What the map's source needs of a winery. */
export interface MapPoint {
  region: string | null;
  /** Longitude, latitude. */
  lngLat: readonly [number, number];
}

/** The regions of the markers, each once, sorted: a cluster counts its wineries per region by index. */
export function markerRegions(markers: readonly MapPoint[]): string[] {
  return [...new Set(markers.flatMap((marker) => (marker.region ? [marker.region] : [])))].sort();
}

/** The GeoJSON of the map's source, typed here so the model needs no GeoJSON types. */
export interface MarkerCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: { index: number; region: number };
    geometry: { type: 'Point'; coordinates: [number, number] };
  }[];
}

/** The wineries as GeoJSON points carrying their index and their region's index (-1 for none). */
export function markerCollection(markers: readonly MapPoint[], regions: readonly string[]): MarkerCollection {
  return {
    type: 'FeatureCollection',
    features: markers.map((marker, index) => ({
      type: 'Feature',
      properties: { index, region: marker.region ? regions.indexOf(marker.region) : -1 },
      geometry: { type: 'Point', coordinates: [marker.lngLat[0], marker.lngLat[1]] },
    })),
  };
}

/** MapLibre's cluster properties: per cluster, how many of its wineries lie in each region (`r0`, `r1`, …). */
export function regionClusterProperties(regions: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    regions.map((_, index) => [`r${index}`, ['+', ['case', ['==', ['get', 'region'], index], 1, 0]]]),
  );
}

/** A cluster's count per region, read back from the properties `regionClusterProperties` sums. */
export function clusterCountByRegion(
  regions: readonly string[],
  properties: Record<string, unknown>,
): Map<string, number> {
  return new Map(regions.map((region, index) => [region, Number(properties[`r${index}`] ?? 0)]));
}

/** Whether a point (in pixels of the map) lies inside a view of `width` × `height`. */
export function insideView(point: { x: number; y: number }, width: number, height: number): boolean {
  return point.x >= 0 && point.y >= 0 && point.x <= width && point.y <= height;
}

/** Of `items`, the one whose distance (by `distance`) is least; undefined for none. */
export function nearestOf<T>(items: Iterable<T>, distance: (item: T) => number): T | undefined {
  let nearest: T | undefined;
  let least = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const current = distance(item);
    if (current < least) {
      least = current;
      nearest = item;
    }
  }
  return nearest;
}
