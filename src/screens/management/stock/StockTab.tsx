import { Button, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import 'dayjs/locale/de';
import { notifications } from '@mantine/notifications';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { AuditLogButton } from '../../../components/backoffice/AuditLogButton';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import {
  useRemoteTableProps,
  useServerPagedTable,
} from '../../../components/backoffice/use-server-paged-table';
import {
  type AssetDraft,
  type AssetDraftCheck,
  checkAssetDraft,
  draftOf,
  formatIsoDate,
  todayInBusinessZone,
} from '../../../domain/backoffice-stock';
import { caseNumberCounter, parseCaseNumbers } from '../../../domain/backoffice-tranches';
import { formatDate } from '../../../domain/dates';
import { DEPOT_STATUS_LABELS } from '../../../domain/depot-status';
import { decimalToCents, formatEuro } from '../../../domain/money';
import {
  type AssetSortField,
  type AssetUnderManagement,
  useAssetsUnderManagement,
  useUpdateAssetUnderManagement,
} from '../../../queries/backoffice-stock';
import { ConfirmAssetChange } from './ConfirmAssetChange';

const PAGE_SIZE = 25;

/** Server sort field of each sortable column. */
const SORT_FIELDS = {
  id: 'ID',
  vintageTitle: 'WINE',
  ownerEmail: 'OWNER',
  amount: 'AMOUNT',
  buyPriceBtl: 'BUY_PRICE',
  storageId: 'STORAGE_ID',
  mrn: 'MRN',
  currentStatus: 'STATUS',
} satisfies Record<string, AssetSortField>;

/** Server field of a mutation error → the edit form's field. */
const DRAFT_FIELDS: Record<string, keyof AssetDraft> = {
  newMrn: 'mrn',
  newMrnDate: 'mrnDate',
  newStorageIds: 'storageIds',
};

interface Editing {
  asset: AssetUnderManagement;
  draft: AssetDraft;
  errors: AssetDraftCheck['errors'];
}

const positionLabel = (asset: AssetUnderManagement) =>
  `Position ${asset.id}: ${asset.vintageTitle} ${asset.vintageYear}, ${asset.ownerFirstName} ${asset.ownerLastName}`;

/**
 * Lagerbestand: every depot position (assets under management) with its customs reference (MRN),
 * the MRN's date and its case numbers, editable in the row with a confirmation before saving. The
 * MRN's date sits under the MRN and the tranche under the buy price, so the table fits 1440 px.
 * Paging, sorting and search run on the server (the list can hold 100,000 positions).
 */
export function StockTab() {
  const table = useServerPagedTable<AssetUnderManagement, typeof SORT_FIELDS>({
    sortFields: SORT_FIELDS,
    initialSort: { columnAccessor: 'id', direction: 'desc' },
    pageSize: PAGE_SIZE,
  });
  const assets = useAssetsUnderManagement(table.request);
  const { remote, query } = useRemoteTableProps(table, assets);

  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<AssetDraftCheck | null>(null);
  const update = useUpdateAssetUnderManagement();

  const setDraft = (field: keyof AssetDraft, value: string) =>
    setEditing((current) =>
      current
        ? {
            ...current,
            draft: { ...current.draft, [field]: value },
            errors: { ...current.errors, [field]: undefined },
          }
        : current,
    );

  const requestSave = () => {
    if (!editing) return;
    const check = checkAssetDraft(editing.asset, editing.draft, todayInBusinessZone());
    if (Object.keys(check.errors).length > 0) {
      setEditing({ ...editing, errors: check.errors });
    } else if (check.changes.length === 0) {
      notifications.show({ message: 'Keine Änderungen.', color: 'gray' });
      setEditing(null);
    } else {
      setConfirming(check);
    }
  };

  /** A cancelled confirmation aborts the edit: the row shows the stored values again. */
  const abort = () => {
    setConfirming(null);
    setEditing(null);
  };

  const save = () => {
    if (!editing || !confirming) return;
    const { asset } = editing;
    update.mutate(
      { depotPositionId: asset.id, ...confirming.variables },
      {
        onSuccess: (result) => {
          setConfirming(null);
          if (result.success) {
            notifications.show({ message: `Position ${asset.id} wurde gespeichert.`, color: 'teal' });
            setEditing(null);
            return;
          }
          const errors: AssetDraftCheck['errors'] = {};
          for (const error of result.errors) {
            const field = error.field ? DRAFT_FIELDS[error.field] : undefined;
            if (field) errors[field] = error.message;
          }
          setEditing((current) => (current ? { ...current, errors } : current));
          notifications.show({
            message: result.errors.map((error) => error.message).join(' '),
            color: 'red',
          });
        },
        onError: () => {
          setConfirming(null);
          notifications.show({
            message: 'Die Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
            color: 'red',
          });
        },
      },
    );
  };

  const editingThis = (asset: AssetUnderManagement) => editing?.asset.id === asset.id;

  const columns: DataTableColumn<AssetUnderManagement>[] = [
    { accessor: 'id', title: 'ID', sortable: true, noWrap: true },
    {
      accessor: 'vintageTitle',
      title: 'Wein',
      sortable: true,
      cellsStyle: () => ({ minWidth: 160 }),
      render: (asset) => `${asset.vintageTitle} ${asset.vintageYear}`,
    },
    {
      accessor: 'ownerEmail',
      title: 'Kunde',
      sortable: true,
      render: (asset) => (
        <Stack gap={0}>
          <Text size="sm">
            {asset.ownerFirstName} {asset.ownerLastName}
          </Text>
          <Text size="xs" c="dimmed">
            {asset.ownerEmail}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'amount',
      title: 'Kisten',
      sortable: true,
      render: (asset) => (
        <Stack gap={0}>
          <Text size="sm">{asset.amount}</Text>
          <Text size="xs" c="dimmed">
            à {asset.caskOf} × {asset.bottleSize}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'buyPriceBtl',
      title: 'EK/Flasche',
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (asset) => (
        <Stack gap={0}>
          <Text size="sm">{formatEuro(decimalToCents(asset.buyPriceBtl))}</Text>
          <Text size="xs" c="dimmed">
            Tranche {asset.partialOfferId ?? '–'}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'storageId',
      title: 'Lager-Nr.',
      sortable: true,
      render: (asset) => {
        if (!editingThis(asset) || !editing) return asset.storageId ?? '–';
        const counter = caseNumberCounter(
          parseCaseNumbers(editing.draft.storageIds).caseNumbers.length,
          asset.amount,
        );
        return (
          <TextInput
            size="xs"
            miw={180}
            aria-label={`Lagernummern von Position ${asset.id}`}
            value={editing.draft.storageIds}
            onChange={(event) => setDraft('storageIds', event.currentTarget.value)}
            error={editing.errors.storageIds}
            description={`${counter.text} Kisten`}
          />
        );
      },
    },
    {
      accessor: 'mrn',
      title: 'MRN',
      sortable: true,
      noWrap: true,
      render: (asset) =>
        editingThis(asset) && editing ? (
          <Stack gap={4}>
            <TextInput
              size="xs"
              miw={190}
              aria-label={`MRN von Position ${asset.id}`}
              value={editing.draft.mrn}
              onChange={(event) => setDraft('mrn', event.currentTarget.value)}
              error={editing.errors.mrn}
            />
            <DatePickerInput
              size="xs"
              miw={130}
              aria-label={`MRN-Datum von Position ${asset.id}`}
              value={editing.draft.mrnDate || null}
              onChange={(value) => setDraft('mrnDate', value ?? '')}
              valueFormat="DD.MM.YYYY"
              placeholder="TT.MM.JJJJ"
              maxDate={todayInBusinessZone()}
              clearable
              error={editing.errors.mrnDate}
            />
          </Stack>
        ) : (
          // The MRN with its date below (one column: the table fits a 1440 px screen).
          <Stack gap={0}>
            <Text size="sm" data-testid="stock-mrn">
              {asset.mrn ?? '–'}
            </Text>
            <Text size="xs" c="dimmed" data-testid="stock-mrn-date">
              {formatIsoDate(asset.mrnDate)}
            </Text>
          </Stack>
        ),
    },
    {
      accessor: 'currentStatus',
      title: 'Status',
      sortable: true,
      render: (asset) =>
        asset.currentStatus ? (
          <Stack gap={0}>
            <Text size="sm">{DEPOT_STATUS_LABELS[asset.currentStatus]}</Text>
            {asset.statusUpdatedAt ? (
              <Text size="xs" c="dimmed">
                seit {formatDate(asset.statusUpdatedAt)}
              </Text>
            ) : null}
          </Stack>
        ) : (
          '–'
        ),
    },
    {
      accessor: 'actions',
      title: '',
      noWrap: true,
      render: (asset) =>
        editingThis(asset) ? (
          <Stack gap={4}>
            <Button size="compact-sm" onClick={requestSave} aria-label={`Position ${asset.id} speichern`}>
              Speichern
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => setEditing(null)}
              aria-label={`Bearbeitung von Position ${asset.id} abbrechen`}
            >
              Abbrechen
            </Button>
          </Stack>
        ) : (
          <Stack gap={4}>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => setEditing({ asset, draft: draftOf(asset), errors: {} })}
              aria-label={`Position ${asset.id} bearbeiten`}
            >
              Bearbeiten
            </Button>
            <AuditLogButton entity="depot_position" entityId={asset.id} label={positionLabel(asset)} />
          </Stack>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        Alle Depotpositionen der Kunden mit Zollreferenz (MRN), deren Datum und den Kistennummern im Lager.
        Die Suche findet Wein, Jahrgang, Kunde, E-Mail, MRN, Lagernummer und Positions-ID.
      </Text>
      <BackofficeTable<AssetUnderManagement>
        label="Lagerbestand"
        testId="stock-table"
        records={assets.data?.assets}
        columns={columns}
        query={query}
        idAccessor="id"
        searchText={(asset) => `${asset.vintageTitle} ${asset.ownerEmail}`}
        pageSize={PAGE_SIZE}
        emptyText="Noch keine Depotpositionen vorhanden."
        rowBackground={(asset) => (editingThis(asset) ? 'var(--mantine-color-yellow-light)' : undefined)}
        remote={{
          ...remote,
          onPageChange: (next) => {
            setEditing(null);
            remote.onPageChange(next);
          },
        }}
      />
      {editing ? (
        <ConfirmAssetChange
          positionLabel={positionLabel(editing.asset)}
          changes={confirming?.changes ?? null}
          saving={update.isPending}
          onCancel={abort}
          onConfirm={save}
        />
      ) : null}
    </Stack>
  );
}
