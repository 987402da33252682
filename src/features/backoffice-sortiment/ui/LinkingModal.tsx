import { Badge, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { BACKOFFICE_TABLE_TEXTS, BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { AuditLogButton } from '../../backoffice-audit';
import type { SortimentDepotPosition } from '../api/backoffice-sortiment';
import { type TrancheLinkingView, useTrancheLinking } from '../api/use-tranche-linking';
import { linkingOwnerName, trancheChoiceValue } from '../model/tranche-linking';
import type { OfferRow } from './offer-rows';
import { LINKING_COLOURS } from './tranche-display';

/**
 * Links the purchase tranches of an offer to the depot positions of its clients: per tranche the
 * assigned cases against its total (amber below, green when full, red above; positions of staff
 * e-mails are not counted as sold), per position a choice of tranche, confirmed before saving.
 * The positions table searches, sorts and pages (a much-sold offer has thousands of positions).
 */
export function LinkingModal({ row, onClose }: { row: OfferRow; onClose: () => void }) {
  const view = useTrancheLinking(row.id, row.tranches);
  const { positions } = view;
  return (
    <Modal opened onClose={onClose} title={`Tranchen verknüpfen: ${row.wine}`} size="xl">
      {positions.isPending ? (
        <Group justify="center" p="lg">
          <Loader role="status" aria-label="Wird geladen" />
        </Group>
      ) : positions.isError ? (
        <LoadFailedAlert
          title={BACKOFFICE_TABLE_TEXTS.error}
          retryLabel={BACKOFFICE_TABLE_TEXTS.retry}
          onRetry={positions.refetch}
        />
      ) : (
        <Stack gap="md">
          <TrancheOccupancyTable occupancy={view.occupancy} />
          <BackofficeTable<SortimentDepotPosition>
            label="Depotpositionen des Angebots"
            testId="linking-positions"
            records={positions.data}
            columns={linkingColumns(view)}
            query={positions}
            idAccessor="id"
            initialSort={{ columnAccessor: 'id', direction: 'asc' }}
            pageSize={15}
            searchText={view.searchText}
            sortValue={view.sortValue}
            rowAttributes={() => ({ 'data-testid': 'linking-position' })}
            emptyText="Zu diesem Angebot gibt es keine Depotpositionen."
          />
        </Stack>
      )}
      <ConfirmDialog
        opened={view.confirming}
        title="Zuordnung speichern?"
        loading={view.saving}
        onCancel={view.cancel}
        onConfirm={() => void view.confirm()}
      >
        {view.question}
      </ConfirmDialog>
    </Modal>
  );
}

function TrancheOccupancyTable({ occupancy }: { occupancy: TrancheLinkingView['occupancy'] }) {
  return (
    <Table aria-label="Belegung der Tranchen" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tranche</Table.Th>
          <Table.Th>Zugeordnete Kisten / Gesamt</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {occupancy.map(({ id, name, status }) => (
          <Table.Tr key={id} data-testid="linking-tranche">
            <Table.Td>{name}</Table.Td>
            <Table.Td>
              <Badge color={LINKING_COLOURS[status.colour]} variant="filled" data-colour={status.colour}>
                {status.text}
                {status.full ? ' · voll' : ''}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function OwnerCell({ position }: { position: SortimentDepotPosition }) {
  return (
    <>
      <Text size="sm">{linkingOwnerName(position)}</Text>
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          {position.ownerEmail}
        </Text>
        {position.ownerIsStaff ? (
          <Badge size="xs" color="gray" title="Nicht als verkauft gezählt">
            intern
          </Badge>
        ) : null}
      </Group>
    </>
  );
}

function linkingColumns(view: TrancheLinkingView): DataTableColumn<SortimentDepotPosition>[] {
  return [
    { accessor: 'id', title: 'Position', sortable: true, width: 90 },
    {
      accessor: 'owner',
      title: 'Kunde',
      sortable: true,
      render: (position) => <OwnerCell position={position} />,
    },
    { accessor: 'amount', title: 'Kisten', sortable: true },
    {
      accessor: 'storageId',
      title: 'Kistennummern',
      sortable: true,
      render: (position) => (
        <Text size="xs" maw={220} truncate="end" title={position.storageId ?? ''}>
          {position.storageId ?? '–'}
        </Text>
      ),
    },
    {
      accessor: 'partialOfferId',
      title: 'Tranche',
      sortable: true,
      render: (position) => (
        <Select
          size="xs"
          aria-label={`Tranche der Depotposition ${position.id} von ${linkingOwnerName(position)}`}
          data={view.choices}
          value={trancheChoiceValue(position.partialOfferId)}
          allowDeselect={false}
          onChange={(value) => view.choose(position, value)}
        />
      ),
    },
    {
      accessor: 'history',
      title: '',
      render: (position) => (
        <AuditLogButton
          entity="depot_position"
          entityId={position.id}
          label={`Depotposition ${position.id} (${linkingOwnerName(position)})`}
        />
      ),
    },
  ];
}
