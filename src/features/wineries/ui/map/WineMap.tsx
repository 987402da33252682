import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MapViewProps } from './MapView';

// maplibre-gl and the country shapes load only when a map is shown, so the first load stays small.
const MapView = lazy(() => import('./MapView'));

/** A MapLibre map of wineries, loaded on demand; see `MapView` for the props. */
export function WineMap(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 480} role="status" aria-label="Karte wird geladen">
          <Loader />
        </Center>
      }
    >
      <MapView {...props} />
    </Suspense>
  );
}
