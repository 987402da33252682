import { Stack, Text, VisuallyHidden } from '@mantine/core';
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
} from '../api/backoffice-sortiment';
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
 * Nine columns that fit a 1440 px screen beside the sidebar: available "von" total with the cases on
 * invoice below, both documents in one cell, and the paid state in the status badge (Unbezahlt/Bezahlt).
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
      cellsStyle: () => ({ minWidth: 200 }),
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
    {
      accessor: 'quantityAvailable',
      title: 'Verfügbar',
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (tranche) => (
        <Stack gap={0}>
          <Text size="sm">
            {tranche.quantityAvailable} von {tranche.totalQuantityAvailable}
          </Text>
          <Text size="xs" c="dimmed">
            {tranche.quantityOnInvoice ?? '–'} auf Rechnung
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'proformaInvoiceNumberSourcing',
      title: 'Belege',
      sortable: true,
      noWrap: true,
      render: (tranche) => (
        <Stack gap={0}>
          <Text size="sm">
            <VisuallyHidden>Proforma </VisuallyHidden>
            {tranche.proformaInvoiceNumberSourcing || '–'}
          </Text>
          <Text size="sm" c="dimmed">
            <VisuallyHidden>Rechnung </VisuallyHidden>
            {tranche.invoiceNumberSourcing || '–'}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'mrn',
      title: 'Status',
      sortable: true,
      noWrap: true,
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
