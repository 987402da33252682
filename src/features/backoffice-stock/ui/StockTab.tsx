import { Stack, Text } from '@mantine/core';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import {
  useRemoteTableProps,
  useServerPagedTable,
} from '../../../components/backoffice/use-server-paged-table';
import { type AssetUnderManagement, useAssetsUnderManagement } from '../api/backoffice-stock';
import { ConfirmAssetChange } from './ConfirmAssetChange';
import { STOCK_SORT_FIELDS, stockColumns, stockPositionLabel } from './stock-columns';
import { useAssetEditing } from './use-asset-editing';

const PAGE_SIZE = 25;

/**
 * Lagerbestand: every depot position (assets under management) with its customs reference (MRN),
 * the MRN's date and its case numbers, editable in the row with a confirmation before saving. The
 * MRN's date sits under the MRN and the tranche under the buy price, so the table fits 1440 px.
 * Paging, sorting and search run on the server (the list can hold 100,000 positions).
 */
export function StockTab() {
  const table = useServerPagedTable<AssetUnderManagement, typeof STOCK_SORT_FIELDS>({
    sortFields: STOCK_SORT_FIELDS,
    initialSort: { columnAccessor: 'id', direction: 'desc' },
    pageSize: PAGE_SIZE,
  });
  const assets = useAssetsUnderManagement(table.request);
  const { remote, query } = useRemoteTableProps(table, assets);

  const editing = useAssetEditing();

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
        columns={stockColumns(editing)}
        query={query}
        idAccessor="id"
        searchText={(asset) => `${asset.vintageTitle} ${asset.ownerEmail}`}
        pageSize={PAGE_SIZE}
        emptyText="Noch keine Depotpositionen vorhanden."
        rowBackground={(asset) =>
          editing.isEditing(asset) ? 'var(--mantine-color-yellow-light)' : undefined
        }
        remote={{
          ...remote,
          onPageChange: (next) => {
            editing.cancel();
            remote.onPageChange(next);
          },
        }}
      />
      {editing.asset ? (
        <ConfirmAssetChange
          positionLabel={stockPositionLabel(editing.asset)}
          changes={editing.changes}
          saving={editing.saving}
          onCancel={editing.abort}
          onConfirm={editing.save}
        />
      ) : null}
    </Stack>
  );
}
