import { Badge, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { BACKOFFICE_TABLE_TEXTS, BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { assignedCases, linkingStatus } from '../../../domain/backoffice-tranches';
import { countLabel } from '../../../domain/plural';
import { AuditLogButton } from '../../backoffice-audit';
import {
  type SortimentDepotPosition,
  useDepotPositionsForOffer,
  useLinkDepotPosition,
} from '../api/backoffice-sortiment';
import type { OfferRow } from './offer-rows';
import { LINKING_COLOURS, trancheName } from './tranche-display';

const NO_TRANCHE = 'none';

interface PendingLink {
  position: SortimentDepotPosition;
  partialOfferId: number | null;
}

const ownerName = (position: SortimentDepotPosition) =>
  `${position.ownerFirstName} ${position.ownerLastName}`.trim() || position.ownerEmail;

/**
 * Links the purchase tranches of an offer to the depot positions of its clients: per tranche the
 * assigned cases against its total (amber below, green when full, red above; positions of staff
 * e-mails are not counted as sold), per position a choice of tranche, confirmed before saving.
 * The positions table searches, sorts and pages (a much-sold offer has thousands of positions).
 */
export function LinkingModal({ row, onClose }: { row: OfferRow; onClose: () => void }) {
  const positions = useDepotPositionsForOffer(row.id, true);
  const link = useLinkDepotPosition();
  const [pending, setPending] = useState<PendingLink | null>(null);
  const trancheOptions = [
    { value: NO_TRANCHE, label: 'Keine Tranche' },
    ...row.tranches.map((tranche) => ({ value: String(tranche.id), label: trancheName(tranche) })),
  ];

  const confirm = async () => {
    if (!pending) return;
    await reportSuccess(
      link.mutateAsync({ depotPositionId: pending.position.id, poId: pending.partialOfferId }),
      'Die Depotposition wurde zugeordnet.',
    );
    setPending(null);
  };

  const trancheLabel = (partialOfferId: number | null) =>
    trancheOptions.find((option) => option.value === String(partialOfferId ?? NO_TRANCHE))?.label ??
    `Tranche ${partialOfferId}`;

  const columns: DataTableColumn<SortimentDepotPosition>[] = [
    { accessor: 'id', title: 'Position', sortable: true, width: 90 },
    {
      accessor: 'owner',
      title: 'Kunde',
      sortable: true,
      render: (position) => (
        <>
          <Text size="sm">{ownerName(position)}</Text>
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
      ),
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
          aria-label={`Tranche der Depotposition ${position.id} von ${ownerName(position)}`}
          data={trancheOptions}
          value={position.partialOfferId === null ? NO_TRANCHE : String(position.partialOfferId)}
          allowDeselect={false}
          onChange={(value) =>
            value &&
            setPending({
              position,
              partialOfferId: value === NO_TRANCHE ? null : Number(value),
            })
          }
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
          label={`Depotposition ${position.id} (${ownerName(position)})`}
        />
      ),
    },
  ];

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
          <Table aria-label="Belegung der Tranchen" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tranche</Table.Th>
                <Table.Th>Zugeordnete Kisten / Gesamt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.tranches.map((tranche) => {
                const status = linkingStatus(
                  assignedCases(positions.data, tranche.id),
                  tranche.totalQuantityAvailable,
                );
                return (
                  <Table.Tr key={tranche.id} data-testid="linking-tranche">
                    <Table.Td>{trancheName(tranche)}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={LINKING_COLOURS[status.colour]}
                        variant="filled"
                        data-colour={status.colour}
                      >
                        {status.text}
                        {status.full ? ' · voll' : ''}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <BackofficeTable<SortimentDepotPosition>
            label="Depotpositionen des Angebots"
            testId="linking-positions"
            records={positions.data}
            columns={columns}
            query={positions}
            idAccessor="id"
            initialSort={{ columnAccessor: 'id', direction: 'asc' }}
            pageSize={15}
            searchText={(position) =>
              [
                position.id,
                ownerName(position),
                position.ownerEmail,
                position.storageId ?? '',
                trancheLabel(position.partialOfferId),
              ].join(' ')
            }
            sortValue={(position, accessor) =>
              accessor === 'owner'
                ? ownerName(position)
                : accessor === 'partialOfferId'
                  ? trancheLabel(position.partialOfferId)
                  : (position as unknown as Record<string, unknown>)[accessor]
            }
            rowAttributes={() => ({ 'data-testid': 'linking-position' })}
            emptyText="Zu diesem Angebot gibt es keine Depotpositionen."
          />
        </Stack>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title="Zuordnung speichern?"
        loading={link.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        {pending
          ? `Depotposition ${pending.position.id} (${ownerName(pending.position)}, ${countLabel(pending.position.amount, 'Kiste')}) → ${
              trancheOptions.find((option) => option.value === String(pending.partialOfferId ?? NO_TRANCHE))
                ?.label ?? 'Keine Tranche'
            }`
          : ''}
      </ConfirmDialog>
    </Modal>
  );
}
