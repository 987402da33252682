import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopology from 'world-atlas/countries-50m.json';
import type { MapLayerName } from './map-types';

/** Country shapes shipped with the app (Natural Earth 1:50m via world-atlas): the offline base layer. */
function countryShapes() {
  // The package ships the TopoJSON as plain JSON; its shape is the documented world-atlas topology.
  const topology = countriesTopology as unknown as Topology<{ countries: GeometryCollection }>;
  return feature(topology, topology.objects.countries);
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
