import { descriptionPreview } from '../../model/wineries';

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

/** The map marker of a winery at `lngLat`, its label previewing the HTML description. */
export function wineryMarker(
  winery: {
    id: number;
    title: string;
    subregion?: { title: string } | null;
    region: { title: string };
    logoImage?: string | null;
  },
  descriptionHtml: string,
  lngLat: [number, number],
): WineMapMarker {
  return {
    id: winery.id,
    title: winery.title,
    subregion: winery.subregion?.title ?? null,
    region: winery.region.title,
    preview: descriptionPreview(descriptionHtml),
    logo: winery.logoImage ?? null,
    lngLat,
  };
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
