import { ActionIcon, Group, Menu, Stack, Switch, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatPercent } from '../../../domain/backoffice-tranches';
import { EURO_INPUT, validatePrice } from '../../../domain/backoffice-validation';
import { formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import { AuditLogButton } from '../../backoffice-audit';
import { InlineEdit } from './InlineEdit';
import type { OfferRow } from './offer-rows';
import { euro } from './tranche-display';
import type { SortimentEditing } from './use-sortiment-editing';

type Editing = Pick<SortimentEditing, 'expanded' | 'toggle' | 'save' | 'openDialog'>;

/** Wine (with its tranches' toggle) and bottle. */
function wineColumns({
  expanded,
  toggle,
}: Pick<Editing, 'expanded' | 'toggle'>): DataTableColumn<OfferRow>[] {
  return [
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
              onClick={() => toggle(row.id)}
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
  ];
}

/** Selling and purchase price, edited in the cell. */
function priceColumns({ save }: Pick<Editing, 'save'>): DataTableColumn<OfferRow>[] {
  return [
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
          inputFormat={EURO_INPUT}
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
            inputFormat={EURO_INPUT}
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
  ];
}

/** Margin and latest valuation, as numbers the row computed. */
const figureColumns: DataTableColumn<OfferRow>[] = [
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
];

/** The status switches and the actions menu, each confirmed or opened in a dialog. */
function statusColumns({ openDialog }: Pick<Editing, 'openDialog'>): DataTableColumn<OfferRow>[] {
  return [
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
              openDialog({ kind: 'flag', row, flag: 'promoteOffer', value: event.currentTarget.checked })
            }
          />
          <Switch
            size="xs"
            label="Archiviert"
            aria-label={`Archiviert: ${row.wine}`}
            checked={row.archived}
            onChange={(event) =>
              openDialog({ kind: 'flag', row, flag: 'archived', value: event.currentTarget.checked })
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
              <Menu.Item onClick={() => openDialog({ kind: 'tranche', row, tranche: null })}>
                Einkaufstranche hinzufügen
              </Menu.Item>
              <Menu.Item onClick={() => openDialog({ kind: 'linking', row })}>
                Tranchen mit Depotpositionen verknüpfen
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <AuditLogButton entity="offer" entityId={row.id} label={`Angebot ${row.id}: ${row.wine}`} />
        </Group>
      ),
    },
  ];
}

/**
 * The columns of "Sortiment (Neu)": prices edited in the cell (confirmed before saving), margin,
 * latest valuation, cases, the status switches and the actions menu of each offer.
 */
export function sortimentColumns(editing: Editing): DataTableColumn<OfferRow>[] {
  return [...wineColumns(editing), ...priceColumns(editing), ...figureColumns, ...statusColumns(editing)];
}
