import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopology from 'world-atlas/countries-50m.json';
import type { MapLayerName } from './map-types';

type Ring = number[][];

/**
 * world-atlas is made for spherical projections: a ring that crosses the antimeridian (Russia, Fiji)
 * jumps from +180 to -180, which a flat map draws as a band across the whole world. Such a ring is
 * made continuous (longitudes beyond 180 are fine for MapLibre, which wraps them).
 */
function unwrapRing(ring: Ring): Ring {
  let shift = 0;
  return ring.map(([lng = 0, lat = 0], index) => {
    const previous = ring[index - 1]?.[0];
    if (previous !== undefined && Math.abs(lng - previous) > 180) shift += lng > previous ? -360 : 360;
    return [lng + shift, lat];
  });
}

/** Country shapes shipped with the app (Natural Earth 1:50m via world-atlas): the offline base layer. */
function countryShapes() {
  // The package ships the TopoJSON as plain JSON; its shape is the documented world-atlas topology.
  const topology = countriesTopology as unknown as Topology<{ countries: GeometryCollection }>;
  const shapes = feature(topology, topology.objects.countries);
  // Antarctica (ISO 010) encircles the pole, which a Web-Mercator map cannot fill; no wine grows there.
  shapes.features = shapes.features.filter((shape) => shape.id !== '010');
  for (const shape of shapes.features) {
    const geometry = shape.geometry;
    if (geometry.type === 'Polygon') geometry.coordinates = geometry.coordinates.map(unwrapRing);
    else if (geometry.type === 'MultiPolygon')
      geometry.coordinates = geometry.coordinates.map((polygon) => polygon.map(unwrapRing));
  }
  return shapes;
}

export function rasterSourceId(name: MapLayerName): string {
  return `raster-${name === 'Satellit' ? 'satellite' : 'terrain'}`;
}

/** Style with the offline country layer and, when configured, hidden raster layers to switch on. */
export function buildMapStyle(rasterLayers: { name: MapLayerName; url: string }[]): StyleSpecification {
  const style: StyleSpecification = {
    version: 8,
    sources: { countries: { type: 'geojson', data: countryShapes() } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#dbe7ee' } },
      { id: 'countries-fill', type: 'fill', source: 'countries', paint: { 'fill-color': '#f3efe9' } },
      {
        id: 'countries-border',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': '#a38d7a', 'line-width': 0.8 },
      },
    ],
  };
  for (const { name, url } of rasterLayers) {
    const id = rasterSourceId(name);
    style.sources[id] = { type: 'raster', tiles: [url], tileSize: 256, maxzoom: 19 };
    style.layers.push({ id, type: 'raster', source: id, layout: { visibility: 'none' } });
  }
  return style;
}
