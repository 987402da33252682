import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import {
  useRemoteTableProps,
  useServerPagedTable,
} from '../../../components/backoffice/use-server-paged-table';
import { formatDate } from '../../../domain/dates';
import {
  type PartialOfferSortField,
  type SortimentAltTranche,
  useSortimentAltTranches,
} from '../../../queries/backoffice-sortiment';
import { TrancheBadges, TrancheLegend } from './TrancheList';
import { euro } from './tranche-display';

const PAGE_SIZE = 25;

/** Server sort field of each sortable column. */
const SORT_FIELDS = {
  id: 'ID',
  datetimeCreated: 'CREATED',
  wine: 'WINE',
  offerer: 'OFFERER',
  buyPriceBtl: 'BUY_PRICE',
  quantityAvailable: 'AVAILABLE',
  totalQuantityAvailable: 'TOTAL',
  quantityOnInvoice: 'ON_INVOICE',
  proformaInvoiceNumberSourcing: 'PROFORMA',
  invoiceNumberSourcing: 'INVOICE',
  paid: 'PAID',
  mrn: 'MRN',
} satisfies Record<string, PartialOfferSortField>;

const wineOf = (tranche: SortimentAltTranche) =>
  `${tranche.offer.vintage.title} ${tranche.offer.vintage.year}`;

/**
 * Sortiment (Alt): the older assortment view, every purchase tranche with its offer and wine,
 * supplier, buy price, quantities, proforma and invoice numbers, paid and stored state, read-only.
 * Paging, sorting and search run on the server (the list can hold thousands of tranches).
 */
export function SortimentAltTab() {
  const table = useServerPagedTable<SortimentAltTranche, typeof SORT_FIELDS>({
    sortFields: SORT_FIELDS,
    initialSort: { columnAccessor: 'datetimeCreated', direction: 'desc' },
    pageSize: PAGE_SIZE,
  });
  const tranches = useSortimentAltTranches(table.request);
  const { remote, query } = useRemoteTableProps(table, tranches);

  const columns: DataTableColumn<SortimentAltTranche>[] = [
    { accessor: 'id', title: 'Tranche', sortable: true, noWrap: true },
    {
      accessor: 'wine',
      title: 'Angebot',
      sortable: true,
      cellsStyle: () => ({ minWidth: 220 }),
      render: (tranche) => (
        <Stack gap={0}>
          <Text size="sm">{wineOf(tranche)}</Text>
          <Text size="xs" c="dimmed">
            Angebot {tranche.offer.id} · {tranche.offer.caskOf} × {tranche.offer.bottleSize.title}
            {tranche.offer.archived ? ' · archiviert' : ''}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'offerer',
      title: 'Lieferant',
      sortable: true,
      render: (tranche) => tranche.offerer?.company ?? '–',
    },
    {
      accessor: 'buyPriceBtl',
      title: 'EKP/Flasche',
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (tranche) => euro(tranche.buyPriceBtl),
    },
    { accessor: 'quantityAvailable', title: 'Verfügbar', sortable: true, textAlign: 'right' },
    { accessor: 'totalQuantityAvailable', title: 'Gesamt', sortable: true, textAlign: 'right' },
    {
      accessor: 'quantityOnInvoice',
      title: 'Auf Rechnung',
      sortable: true,
      textAlign: 'right',
      render: (tranche) => tranche.quantityOnInvoice ?? '–',
    },
    {
      accessor: 'proformaInvoiceNumberSourcing',
      title: 'Proforma',
      sortable: true,
      render: (tranche) => tranche.proformaInvoiceNumberSourcing || '–',
    },
    {
      accessor: 'invoiceNumberSourcing',
      title: 'Rechnung',
      sortable: true,
      render: (tranche) => tranche.invoiceNumberSourcing || '–',
    },
    {
      accessor: 'paid',
      title: 'Bezahlt',
      sortable: true,
      render: (tranche) => (tranche.paid ? 'ja' : 'nein'),
    },
    {
      accessor: 'mrn',
      title: 'Status',
      sortable: true,
      render: (tranche) => <TrancheBadges tranche={tranche} />,
    },
    {
      accessor: 'datetimeCreated',
      title: 'Angelegt',
      sortable: true,
      noWrap: true,
      render: (tranche) => formatDate(tranche.datetimeCreated),
    },
  ];

  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        Die ältere Sortimentsansicht: alle Einkaufstranchen mit Angebot, Lieferant, Einkaufspreis, Mengen und
        Belegen (nur lesen; bearbeitet wird in „Sortiment (Neu)“). Die Suche findet Wein, Jahrgang, Lieferant,
        Proforma- und Rechnungsnummer, MRN, Kistennummern sowie Tranchen- und Angebots-ID.
      </Text>
      <TrancheLegend />
      <BackofficeTable<SortimentAltTranche>
        label="Sortiment (Alt)"
        testId="sortiment-alt-table"
        records={tranches.data?.partialOffers}
        columns={columns}
        query={query}
        idAccessor="id"
        searchText={wineOf}
        pageSize={PAGE_SIZE}
        emptyText="Noch keine Einkaufstranchen vorhanden."
        rowAttributes={(tranche) => ({ 'data-testid': 'sortiment-alt-row', 'data-tranche-id': tranche.id })}
        remote={remote}
      />
    </Stack>
  );
}
