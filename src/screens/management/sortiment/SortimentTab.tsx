import { ActionIcon, Badge, Button, Group, Menu, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useMemo, useState } from 'react';
import { AuditLogButton } from '../../../components/backoffice/AuditLogButton';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { formatPercent } from '../../../domain/backoffice-tranches';
import { validatePrice } from '../../../domain/backoffice-validation';
import { formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import {
  type BackofficeOfferVariant,
  type SortimentTranche,
  useChangeOfferAndPartialOffer,
  useSortimentOffers,
} from '../../../queries/backoffice-sortiment';
import type { ChangeOfferAndPartialOfferMutationVariables } from '../../../queries/graphql.generated';
import { DeleteTrancheModal } from './DeleteTrancheModal';
import { InlineEdit } from './InlineEdit';
import { LinkingModal } from './LinkingModal';
import { reportChange } from './mutation-feedback';
import { NewOfferModal } from './NewOfferModal';
import { type OfferRow, offerRow } from './offer-rows';
import { TrancheFormModal } from './TrancheFormModal';
import { TrancheLegend, TrancheList } from './TrancheList';
import { euro, trancheName } from './tranche-display';

const FILTERS: { value: BackofficeOfferVariant; label: string }[] = [
  { value: 'ACTIVE', label: 'Aktiv' },
  { value: 'ARCHIVED', label: 'Archiviert' },
  { value: 'PROMOTED', label: 'Hot Deals' },
  { value: 'ALL', label: 'Alle' },
];

type Dialog =
  | { kind: 'newOffer' }
  | { kind: 'tranche'; row: OfferRow; tranche: SortimentTranche | null }
  | { kind: 'deleteTranche'; row: OfferRow; tranche: SortimentTranche }
  | { kind: 'linking'; row: OfferRow }
  | { kind: 'flag'; row: OfferRow; flag: 'promoteOffer' | 'archived'; value: boolean }
  | null;

const FLAG_TEXTS = {
  promoteOffer: { on: 'als Hot Deal markieren', off: 'nicht mehr als Hot Deal markieren' },
  archived: { on: 'archivieren', off: 'wieder aktivieren' },
} as const;

/**
 * Tab "Sortiment (Neu)" of the back office: the offers with prices, margin, latest valuation and
 * quantities, inline edits (confirmed before saving), the purchase tranches per offer and the
 * modals for new offers, tranches and the linking of tranches to depot positions.
 */
export function SortimentTab() {
  const [variant, setVariant] = useState<BackofficeOfferVariant>('ACTIVE');
  const [expanded, setExpanded] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const offers = useSortimentOffers(variant);
  const change = useChangeOfferAndPartialOffer();
  const rows = useMemo(() => offers.data?.map(offerRow), [offers.data]);
  const current = (row: OfferRow) => rows?.find((candidate) => candidate.id === row.id) ?? row;

  const save = useCallback(
    (variables: ChangeOfferAndPartialOfferMutationVariables, savedText: string) =>
      reportChange(change.mutateAsync(variables), savedText),
    [change.mutateAsync],
  );

  const columns: DataTableColumn<OfferRow>[] = [
    {
      accessor: 'wine',
      title: 'Wein',
      sortable: true,
      width: 210,
      render: (row) => {
        const open = expanded.includes(row.id);
        return (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <ActionIcon
              variant="light"
              size="sm"
              mt={2}
              aria-expanded={open}
              aria-label={`Tranchen von ${row.wine} ${open ? 'zuklappen' : 'anzeigen'}`}
              onClick={() =>
                setExpanded((ids) => (open ? ids.filter((id) => id !== row.id) : [...ids, row.id]))
              }
            >
              {open ? '▾' : '▸'}
            </ActionIcon>
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {row.wine}
              </Text>
              <Text size="xs" c="dimmed">
                {countLabel(row.tranches.length, 'Tranche')} · Angebot {row.id}
              </Text>
            </Stack>
          </Group>
        );
      },
    },
    { accessor: 'bottle', title: 'Flasche', sortable: true, noWrap: true },
    {
      accessor: 'sellPriceBtl',
      noWrap: true,
      title: 'VK',
      sortable: true,
      render: (row) => (
        <InlineEdit
          label={`VK von ${row.wine}`}
          value={row.sellPriceBtl}
          display={euro(row.sellPriceBtl)}
          validate={validatePrice}
          format={euro}
          livexCaskOf={row.caskOf}
          onSave={(sellPriceBtl) =>
            save({ offerId: row.id, sellPriceBtl }, 'Der Verkaufspreis wurde gespeichert.')
          }
        />
      ),
    },
    {
      accessor: 'buyPriceBtl',
      noWrap: true,
      title: 'EKP',
      sortable: true,
      render: (row) =>
        row.currentTranche ? (
          <InlineEdit
            label={`EKP von ${row.wine}`}
            value={row.currentTranche.buyPriceBtl ?? ''}
            display={euro(row.buyPriceBtl)}
            validate={validatePrice}
            format={euro}
            onSave={(buyPriceBtl) =>
              save(
                { partialOfferId: row.currentTranche?.id, buyPriceBtl },
                'Der Einkaufspreis der neuesten Tranche wurde gespeichert.',
              )
            }
          />
        ) : (
          '–'
        ),
    },
    {
      accessor: 'margin',
      noWrap: true,
      title: 'Marge',
      sortable: true,
      textAlign: 'right',
      render: (row) => formatPercent(row.margin),
    },
    {
      accessor: 'valuation',
      noWrap: true,
      title: 'Bewertung',
      sortable: true,
      render: (row) =>
        row.valuation === null ? (
          '–'
        ) : (
          <Stack gap={0}>
            <Text size="sm">{formatEuro(row.valuation)}</Text>
            <Text size="xs" c={row.valuationGain !== null && row.valuationGain < 0 ? 'red.9' : 'teal.9'}>
              {formatPercent(row.valuationGain)}
            </Text>
          </Stack>
        ),
    },
    {
      accessor: 'available',
      noWrap: true,
      title: 'Kisten',
      sortable: true,
      render: (row) => (
        <Text size="sm" title="verfügbar / gesamt">
          {row.available} / {row.total}
        </Text>
      ),
    },
    {
      accessor: 'promoteOffer',
      title: 'Status',
      sortable: true,
      render: (row) => (
        <Stack gap={6}>
          <Switch
            size="xs"
            label="Hot Deal"
            aria-label={`Hot Deal: ${row.wine}`}
            checked={row.promoteOffer}
            onChange={(event) =>
              setDialog({ kind: 'flag', row, flag: 'promoteOffer', value: event.currentTarget.checked })
            }
          />
          <Switch
            size="xs"
            label="Archiviert"
            aria-label={`Archiviert: ${row.wine}`}
            checked={row.archived}
            onChange={(event) =>
              setDialog({ kind: 'flag', row, flag: 'archived', value: event.currentTarget.checked })
            }
          />
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      noWrap: true,
      render: (row) => (
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Aktionen für ${row.wine}`}>
                ⋯
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setDialog({ kind: 'tranche', row, tranche: null })}>
                Einkaufstranche hinzufügen
              </Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'linking', row })}>
                Tranchen mit Depotpositionen verknüpfen
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <AuditLogButton entity="offer" entityId={row.id} label={`Angebot ${row.id}: ${row.wine}`} />
        </Group>
      ),
    },
  ];

  const confirmFlag = async () => {
    if (dialog?.kind !== 'flag') return;
    const { row, flag, value } = dialog;
    await save({ offerId: row.id, [flag]: value }, `${row.wine}: gespeichert.`);
    setDialog(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label="Angebote filtern"
          data={FILTERS}
          value={variant}
          onChange={(value) => setVariant(value as BackofficeOfferVariant)}
        />
        <Badge variant="light" color="gray">
          {rows ? `${rows.length} Angebote` : ' '}
        </Badge>
      </Group>
      <BackofficeTable<OfferRow>
        label="Sortiment"
        testId="sortiment-table"
        records={rows}
        columns={columns}
        query={offers}
        idAccessor="id"
        searchText={(row) =>
          [row.wine, row.bottle, ...row.tranches.map((tranche) => trancheName(tranche))].join(' ')
        }
        initialSort={{ columnAccessor: 'wine', direction: 'asc' }}
        emptyText="Keine Angebote in dieser Auswahl."
        toolbar={<Button onClick={() => setDialog({ kind: 'newOffer' })}>Neues Angebot</Button>}
        rowExpansion={{
          trigger: 'never',
          allowMultiple: true,
          expanded: {
            recordIds: expanded,
            onRecordIdsChange: (ids: unknown[]) => setExpanded(ids as number[]),
          },
          content: ({ record }) => (
            <TrancheList
              row={record}
              onUpdate={(tranche) => setDialog({ kind: 'tranche', row: record, tranche })}
              onDelete={(tranche) => setDialog({ kind: 'deleteTranche', row: record, tranche })}
            />
          ),
        }}
      />
      <TrancheLegend />

      {dialog?.kind === 'newOffer' ? <NewOfferModal onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'tranche' ? (
        <TrancheFormModal
          offerId={dialog.row.id}
          offerTitle={dialog.row.wine}
          tranche={dialog.tranche}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'linking' ? (
        <LinkingModal row={current(dialog.row)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'deleteTranche' ? (
        <DeleteTrancheModal
          tranche={dialog.tranche}
          offerTitle={dialog.row.wine}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={dialog?.kind === 'flag'}
        title="Änderung speichern?"
        loading={change.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => void confirmFlag()}
      >
        {dialog?.kind === 'flag'
          ? `${dialog.row.wine} ${FLAG_TEXTS[dialog.flag][dialog.value ? 'on' : 'off']}?`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
