import { useOnline } from '../../../../components/offline/use-online';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Autocomplete, SegmentedControl, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import classes from './map.module.css';
import { configuredRasterLayers, type MapLayerName, type WineMapMarker } from './map-types';
import { useWineMap } from './use-wine-map';

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
  const rasterLayers = useMemo(() => configuredRasterLayers(), []);
  const map = useWineMap({ frame, container, markers, center, zoom, rasterLayers, onMarkerNavigate });
  const [layer, setLayer] = useState<MapLayerName>('Karte');

  return (
    <div ref={frame} className={classes.frame} style={{ height }}>
      <div ref={container} className={classes.canvas} data-testid="wine-map" />
      {map.failed ? (
        <div className={classes.fallback}>Die Karte kann in diesem Browser nicht angezeigt werden.</div>
      ) : (
        <div className={classes.controls}>
          {searchable ? <WinerySearch markers={markers} onFind={map.findWinery} /> : null}
          <LayerSwitch
            rasterLayers={rasterLayers}
            layer={layer}
            onChange={(next) => {
              setLayer(next);
              map.showLayer(next);
            }}
          />
        </div>
      )}
    </div>
  );
}

/** The search over the markers' titles; choosing one flies there. */
function WinerySearch({ markers, onFind }: { markers: WineMapMarker[]; onFind: (title: string) => void }) {
  const [search, setSearch] = useState('');
  return (
    <Autocomplete
      aria-label="Weingut auf der Karte suchen"
      placeholder="Weingut suchen"
      data={markers.map((marker) => marker.title)}
      value={search}
      onChange={setSearch}
      onOptionSubmit={onFind}
      w={260}
      maw="100%"
    />
  );
}

/** The switch between the base map and the configured raster layers; none without such layers. */
function LayerSwitch({
  rasterLayers,
  layer,
  onChange,
}: {
  rasterLayers: readonly { name: MapLayerName }[];
  layer: MapLayerName;
  onChange: (next: MapLayerName) => void;
}) {
  const online = useOnline();
  if (rasterLayers.length === 0) return null;
  return (
    <>
      <SegmentedControl
        aria-label="Kartenebene"
        data={[
          'Karte',
          // Satellite and terrain tiles come from a tile server: offline only the base map works.
          ...rasterLayers.map((entry) => ({ value: entry.name, label: entry.name, disabled: !online })),
        ]}
        value={layer}
        onChange={(value) => onChange(value as MapLayerName)}
      />
      {online ? null : (
        <Text size="xs" c="dimmed" bg="white" px={6} style={{ borderRadius: 4 }}>
          Satelliten- und Geländekarten benötigen eine Internetverbindung.
        </Text>
      )}
    </>
  );
}
