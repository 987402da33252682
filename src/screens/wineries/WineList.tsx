import { Accordion, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorHeading, ScreenSpinner } from '../../components/discovery/QueryStates';
import { groupWineList } from '../../domain/client/wineries';
import { useAllWines } from '../../queries/wineries';

/** Wines grouped by country group and region, rows sorted by title; a row opens the winery page. */
/** Mantine builds element ids from the value; ids must not contain spaces ("Napa Valley"). */
const accordionValue = (region: string) => region.replace(/\s+/g, '-');

export function WineList() {
  const wines = useAllWines();
  const groups = useMemo(
    () =>
      groupWineList(
        (wines.data ?? []).map((wine) => ({
          id: wine.id,
          title: wine.title,
          wineryId: wine.winery.id,
          region: wine.winery.region.title,
          country: wine.winery.region.country.title,
        })),
      ),
    [wines.data],
  );
  if (wines.isPending) return <ScreenSpinner />;
  if (wines.isError) return <ErrorHeading />;
  if (groups.length === 0) return <EmptyState text="Noch keine Weine vorhanden." />;
  return (
    <Stack gap="md" component="section" aria-label="Weine nach Regionen">
      {groups.map((group) => (
        <Paper key={group.heading} withBorder p="sm">
          <Title order={2} size="h4" mb="xs">
            {group.heading}
          </Title>
          <Accordion
            multiple
            defaultValue={group.regions.map((entry) => accordionValue(entry.region))}
            variant="default"
          >
            {group.regions.map((entry) => (
              <Accordion.Item key={entry.region} value={accordionValue(entry.region)}>
                <Accordion.Control>
                  {entry.region}{' '}
                  <Text span size="xs" c="dimmed">
                    ({entry.rows.length})
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {entry.rows.map((row) => (
                    <NavLink
                      key={row.id}
                      component={Link}
                      to={`/admin/chateaus/${row.wineryId}`}
                      label={row.title}
                    />
                  ))}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Paper>
      ))}
    </Stack>
  );
}
