import { Badge, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { type BackofficeOfferVariant, useSortimentOffers } from '../api/backoffice-sortiment';
import { trancheName } from '../model/tranche-linking';
import { DeleteTrancheModal } from './DeleteTrancheModal';
import { LinkingModal } from './LinkingModal';
import { NewOfferModal } from './NewOfferModal';
import { type OfferRow, offerRow } from './offer-rows';
import { sortimentColumns } from './sortiment-columns';
import { TrancheFormModal } from './TrancheFormModal';
import { TrancheLegend, TrancheList } from './TrancheList';
import { useSortimentEditing } from './use-sortiment-editing';

const FILTERS: { value: BackofficeOfferVariant; label: string }[] = [
  { value: 'ACTIVE', label: 'Aktiv' },
  { value: 'ARCHIVED', label: 'Archiviert' },
  { value: 'PROMOTED', label: 'Hot Deals' },
  { value: 'ALL', label: 'Alle' },
];

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
  const offers = useSortimentOffers(variant);
  const rows = useMemo(() => offers.data?.map(offerRow), [offers.data]);
  const current = (row: OfferRow) => rows?.find((candidate) => candidate.id === row.id) ?? row;
  const editing = useSortimentEditing();
  const { dialog, openDialog, closeDialog, expanded } = editing;

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
        columns={sortimentColumns(editing)}
        query={offers}
        idAccessor="id"
        searchText={(row) =>
          [row.wine, row.bottle, ...row.tranches.map((tranche) => trancheName(tranche))].join(' ')
        }
        initialSort={{ columnAccessor: 'wine', direction: 'asc' }}
        emptyText="Keine Angebote in dieser Auswahl."
        toolbar={<Button onClick={() => openDialog({ kind: 'newOffer' })}>Neues Angebot</Button>}
        rowExpansion={{
          trigger: 'never',
          allowMultiple: true,
          expanded: {
            recordIds: expanded,
            onRecordIdsChange: (ids: unknown[]) => editing.setExpanded(ids as number[]),
          },
          content: ({ record }) => (
            <TrancheList
              row={record}
              onUpdate={(tranche) => openDialog({ kind: 'tranche', row: record, tranche })}
              onDelete={(tranche) => openDialog({ kind: 'deleteTranche', row: record, tranche })}
            />
          ),
        }}
      />
      <TrancheLegend />

      {dialog?.kind === 'newOffer' ? <NewOfferModal onClose={() => closeDialog()} /> : null}
      {dialog?.kind === 'tranche' ? (
        <TrancheFormModal
          offerId={dialog.row.id}
          offerTitle={dialog.row.wine}
          tranche={dialog.tranche}
          onClose={() => closeDialog()}
        />
      ) : null}
      {dialog?.kind === 'linking' ? (
        <LinkingModal row={current(dialog.row)} onClose={() => closeDialog()} />
      ) : null}
      {dialog?.kind === 'deleteTranche' ? (
        <DeleteTrancheModal
          tranche={dialog.tranche}
          offerTitle={dialog.row.wine}
          onClose={() => closeDialog()}
        />
      ) : null}
      <ConfirmDialog
        opened={dialog?.kind === 'flag'}
        title="Änderung speichern?"
        loading={editing.saving}
        onCancel={() => closeDialog()}
        onConfirm={() => void editing.confirmFlag()}
      >
        {dialog?.kind === 'flag'
          ? `${dialog.row.wine} ${FLAG_TEXTS[dialog.flag][dialog.value ? 'on' : 'off']}?`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
