import { Button, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import 'dayjs/locale/de';
import type { DataTableColumn } from 'mantine-datatable';
import { formatIsoDate, todayInBusinessZone } from '../../../domain/backoffice-stock';
import { caseNumberCounter, parseCaseNumbers } from '../../../domain/backoffice-tranches';
import { formatDate } from '../../../domain/dates';
import { DEPOT_STATUS_LABELS } from '../../../domain/depot-status';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { AuditLogButton } from '../../backoffice-audit';
import type { AssetSortField, AssetUnderManagement } from '../api/backoffice-stock';
import type { AssetEditing } from './use-asset-editing';

/** Server sort field of each sortable column. */
export const STOCK_SORT_FIELDS = {
  id: 'ID',
  vintageTitle: 'WINE',
  ownerEmail: 'OWNER',
  amount: 'AMOUNT',
  buyPriceBtl: 'BUY_PRICE',
  storageId: 'STORAGE_ID',
  mrn: 'MRN',
  currentStatus: 'STATUS',
} satisfies Record<string, AssetSortField>;

export const stockPositionLabel = (asset: AssetUnderManagement) =>
  `Position ${asset.id}: ${asset.vintageTitle} ${asset.vintageYear}, ${asset.ownerFirstName} ${asset.ownerLastName}`;

/** Id, wine, owner, cases and buy price: what the position is. */
const positionColumns: DataTableColumn<AssetUnderManagement>[] = [
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
];

/** Case numbers and MRN with its date: edited in the row. */
function storageColumns(editing: AssetEditing): DataTableColumn<AssetUnderManagement>[] {
  return [
    {
      accessor: 'storageId',
      title: 'Lager-Nr.',
      sortable: true,
      render: (asset) => {
        if (!editing.isEditing(asset)) return asset.storageId ?? '–';
        const counter = caseNumberCounter(
          parseCaseNumbers(editing.form.values.storageIds).caseNumbers.length,
          asset.amount,
        );
        return (
          <TextInput
            size="xs"
            miw={180}
            aria-label={`Lagernummern von Position ${asset.id}`}
            {...editing.form.getInputProps('storageIds')}
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
        editing.isEditing(asset) ? (
          <Stack gap={4}>
            <TextInput
              size="xs"
              miw={190}
              aria-label={`MRN von Position ${asset.id}`}
              {...editing.form.getInputProps('mrn')}
            />
            <DatePickerInput
              size="xs"
              miw={130}
              aria-label={`MRN-Datum von Position ${asset.id}`}
              {...editing.form.getInputProps('mrnDate')}
              value={editing.form.values.mrnDate || null}
              onChange={(value) => editing.form.setFieldValue('mrnDate', value ?? '')}
              valueFormat="DD.MM.YYYY"
              placeholder="TT.MM.JJJJ"
              maxDate={todayInBusinessZone()}
              clearable
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
  ];
}

/** The status with its date, and the row's edit buttons with its history. */
function statusAndActionColumns(editing: AssetEditing): DataTableColumn<AssetUnderManagement>[] {
  return [
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
        editing.isEditing(asset) ? (
          <Stack gap={4}>
            <Button
              size="compact-sm"
              onClick={editing.requestSave}
              aria-label={`Position ${asset.id} speichern`}
            >
              Speichern
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={editing.cancel}
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
              onClick={() => editing.start(asset)}
              aria-label={`Position ${asset.id} bearbeiten`}
            >
              Bearbeiten
            </Button>
            <AuditLogButton entity="depot_position" entityId={asset.id} label={stockPositionLabel(asset)} />
          </Stack>
        ),
    },
  ];
}

/**
 * The columns of Lagerbestand; the edited row shows its inputs. The MRN's date sits under the MRN
 * and the tranche under the buy price, so the table fits 1440 px.
 */
export function stockColumns(editing: AssetEditing): DataTableColumn<AssetUnderManagement>[] {
  return [...positionColumns, ...storageColumns(editing), ...statusAndActionColumns(editing)];
}
