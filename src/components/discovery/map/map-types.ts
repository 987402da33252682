/** A winery on the map, with its permanent label. */
export interface WineMapMarker {
  id: number;
  title: string;
  subregion: string | null;
  /** Named in the caption of a cluster the winery is part of. */
  region: string | null;
  /** The first 15 words of the description. */
  preview: string;
  logo: string | null;
  /** Longitude, latitude. */
  lngLat: [number, number];
}

export type MapLayerName = 'Karte' | 'Satellit' | 'Gelände';

/** Tile URLs come from configuration; a layer without URL is not offered. */
export function configuredRasterLayers(): { name: MapLayerName; url: string }[] {
  const layers: { name: MapLayerName; url: string | undefined }[] = [
    { name: 'Satellit', url: import.meta.env.VITE_SATELLITE_TILES_URL },
    { name: 'Gelände', url: import.meta.env.VITE_TERRAIN_TILES_URL },
  ];
  return layers.flatMap(({ name, url }) => (url ? [{ name, url }] : []));
}
