import { Image, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Fragment, type KeyboardEvent, useMemo, useState } from 'react';
import { shortenName } from '../../domain/client/depot-names';
import {
  DEFAULT_TABLE_SORT,
  type DepotRow,
  type DepotTableSortKey,
  sortDepotTable,
} from '../../domain/client/depot-rows';
import { nextSort } from '../../domain/client/depot-sorting';
import { regionColor } from '../../domain/depot-region-colors';
import { formatEuro } from '../../domain/money';
import { formatDate } from './format';
import { Figure } from './hidden-figures';

/** Fixed row height so that only the visible rows are rendered (thousands of positions stay fast). */
const ROW_HEIGHT = 56;
const TABLE_HEIGHT = 600;
const OVERSCAN = 8;

const COLUMNS: readonly { key: DepotTableSortKey; label: string; numeric?: boolean }[] = [
  { key: 'year', label: 'Jahrgang', numeric: true },
  { key: 'packaging', label: 'Gebinde' },
  { key: 'wine', label: 'Wein' },
  { key: 'winery', label: 'Weingut' },
  { key: 'region', label: 'Region' },
  { key: 'bottles', label: 'Flaschen', numeric: true },
  { key: 'date', label: 'Datum' },
  { key: 'priceBtl', label: 'Preis/Flasche', numeric: true },
  { key: 'priceTotal', label: 'Preis gesamt', numeric: true },
];

/** The image column stays in place while a narrow screen scrolls the table sideways. */
const STICKY_CELL = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const;

export interface DepotTableProps {
  rows: readonly DepotRow[];
  /** Opens the "Depot-Position" dialog of a row. */
  onOpen: (positionId: number) => void;
}

export function DepotTable({ rows, onOpen }: DepotTableProps) {
  const [sort, setSort] = useState(DEFAULT_TABLE_SORT);
  const [scrollTop, setScrollTop] = useState(0);
  const sorted = useMemo(() => sortDepotTable(rows, sort), [rows, sort]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(sorted.length, Math.ceil((scrollTop + TABLE_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  const visible = sorted.slice(first, last);

  const activate = (event: KeyboardEvent, positionId: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(positionId);
    }
  };

  return (
    <div
      style={{ maxHeight: TABLE_HEIGHT, overflow: 'auto' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid="depot-table-scroll"
    >
      {/* Fits a 1280 px desktop (names and regions wrap onto two lines, long headers too); narrower screens scroll
          sideways under the fixed first column. */}
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={0}
        horizontalSpacing={8}
        fz="sm"
        miw={720}
        aria-rowcount={sorted.length + 1}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={STICKY_CELL}>
              <VisuallyHidden>Bild</VisuallyHidden>
            </Table.Th>
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  style={{ textAlign: column.numeric ? 'right' : 'left', verticalAlign: 'bottom' }}
                >
                  <UnstyledButton
                    fw={600}
                    fz="sm"
                    ta={column.numeric ? 'right' : 'left'}
                    style={{ textWrap: 'balance' }}
                    onClick={() => setSort((current) => nextSort(current, column.key))}
                  >
                    {/* A long header may break after its slash (a <wbr> keeps the accessible name). */}
                    {column.label.split('/').map((part, index) => (
                      <Fragment key={part}>
                        {index > 0 ? (
                          <>
                            /<wbr />
                          </>
                        ) : null}
                        {part}
                      </Fragment>
                    ))}{' '}
                    {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {first > 0 && <tr aria-hidden style={{ height: first * ROW_HEIGHT }} />}
          {visible.map((row, index) => (
            <Table.Tr
              key={row.id}
              tabIndex={0}
              aria-rowindex={first + index + 2}
              aria-label={`${row.title} öffnen`}
              data-testid="depot-table-row"
              style={{ height: ROW_HEIGHT, cursor: 'pointer' }}
              onClick={() => onOpen(row.id)}
              onKeyDown={(event) => activate(event, row.id)}
            >
              <Table.Td w={48} style={STICKY_CELL}>
                {row.image ? <Image src={row.image} alt="" w={32} h={44} fit="contain" /> : null}
              </Table.Td>
              <Table.Td ta="right">{row.year}</Table.Td>
              {/* "12 × 0,375l" may wrap after its count, so that all ten columns fit 1280 px. */}
              <Table.Td>{row.packaging}</Table.Td>
              {/* Wine and winery wrap onto at most two lines, so that all ten columns fit 1280 px. */}
              <Table.Td title={row.wine} miw={110}>
                <Text span fz="sm" lineClamp={2} lh={1.3}>
                  {shortenName(row.wine)}
                </Text>
              </Table.Td>
              <Table.Td title={row.winery} miw={100}>
                <Text span fz="sm" lineClamp={2} lh={1.3}>
                  {shortenName(row.winery)}
                </Text>
              </Table.Td>
              <Table.Td title={row.region} miw={90}>
                {/* The colour dot stays beside the name when a long region wraps. */}
                <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                  <span
                    aria-hidden
                    style={{
                      flex: 'none',
                      width: 10,
                      height: 10,
                      borderRadius: 5,
                      background: regionColor(row.region),
                    }}
                  />
                  <Text span fz="sm" lineClamp={2} lh={1.3}>
                    {row.region}
                  </Text>
                </span>
              </Table.Td>
              <Table.Td ta="right">{row.bottles}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Figure>{formatEuro(row.valuation.buyPriceBtl)}</Figure>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Figure>{formatEuro(row.valuation.invested)}</Figure>
              </Table.Td>
            </Table.Tr>
          ))}
          {last < sorted.length && <tr aria-hidden style={{ height: (sorted.length - last) * ROW_HEIGHT }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}
