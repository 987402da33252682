import { Accordion, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorHeading, ScreenSpinner } from '../../../components/discovery/QueryStates';
import { useWineryList } from '../api/wineries';
import { groupWineryList } from '../model/wineries';

/** Mantine builds element ids from the value; ids must not contain spaces ("Napa Valley"). */
const accordionValue = (region: string) => region.replace(/\s+/g, '-');

/** Wineries grouped by country group and region, rows sorted by title; a row opens the winery page. */
export function WineryList() {
  const wineries = useWineryList();
  const groups = useMemo(
    () =>
      groupWineryList(
        (wineries.data ?? []).map((winery) => ({
          id: winery.id,
          title: winery.title,
          region: winery.region.title,
          country: winery.region.country.title,
        })),
      ),
    [wineries.data],
  );
  if (wineries.isPending) return <ScreenSpinner />;
  if (wineries.isError) return <ErrorHeading />;
  if (groups.length === 0) return <EmptyState text="Noch keine Weingüter vorhanden." />;
  return (
    <Stack gap="md" component="section" aria-label="Weingüter nach Regionen">
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
                      to={`/admin/chateaus/${row.id}`}
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
