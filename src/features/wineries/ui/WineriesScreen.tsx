import { Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { EmptyState, ErrorHeading, ScreenSpinner } from '../../../components/discovery/QueryStates';
import { useWineryMap } from '../api/wineries';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, parseLocation } from '../model/wineries';
import { type WineMapMarker, wineryMarker } from './map/map-types';
import { WineMap } from './map/WineMap';
import { WineryList } from './WineryList';

/** `/admin/all-wineries`: the wineries grouped by country and region, and the map of wineries with offers. */
export function WineriesScreen() {
  useDocumentTitle('Entdecken – Weindepot');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Weinwelt entdecken</Title>
        <Text c="dimmed">Die Weingüter unserer Angebote – auf der Karte und nach Regionen.</Text>
      </div>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 1, lg: 2 }}>
          <WineryMapSection />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 2, lg: 1 }}>
          <WineryList />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function WineryMapSection() {
  const wineries = useWineryMap();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 48em)');
  const markers = useMemo<WineMapMarker[]>(
    () =>
      (wineries.data ?? []).flatMap((winery) => {
        const lngLat = parseLocation(winery.location);
        return lngLat ? [wineryMarker(winery, winery.description, lngLat)] : [];
      }),
    [wineries.data],
  );
  if (wineries.isPending) return <ScreenSpinner />;
  if (wineries.isError) return <ErrorHeading />;
  if (markers.length === 0) return <EmptyState text="Derzeit gibt es keine Weingüter mit Angeboten." />;
  return (
    <WineMap
      markers={markers}
      center={MAP_DEFAULT_CENTER}
      zoom={MAP_DEFAULT_ZOOM}
      height={wide ? 620 : 420}
      searchable
      onMarkerNavigate={(marker) => navigate(`/admin/chateaus/${marker.id}`)}
    />
  );
}
