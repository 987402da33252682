import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  Fragment,
  type KeyboardEvent,
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { regionColor } from '../../../domain/depot-region-colors';
import { formatEuro } from '../../../domain/money';
import { shortenName } from '../model/depot-names';
import {
  DEFAULT_TABLE_SORT,
  type DepotRow,
  type DepotTableSortKey,
  sortDepotTable,
} from '../model/depot-rows';
import { nextSort } from '../model/depot-sorting';
import classes from './depot-table.module.css';
import { formatDate } from './format';
import { Figure } from './hidden-figures';

/** Fixed row height (`.row` in depot-table.module.css) so that only the visible rows are rendered. */
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

const ROW_CLASS = `${Table.classes.tr} ${classes.row}`;
const CELL = Table.classes.td;

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
  // The rows keep one callback: a new `onOpen` from the screen does not render them again.
  const openRef = useRef(onOpen);
  useLayoutEffect(() => {
    openRef.current = onOpen;
  });
  const open = useCallback((positionId: number) => openRef.current(positionId), []);

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
            <Table.Th className={classes.sticky}>
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
            <DepotTableRow key={row.id} row={row} rowIndex={first + index + 2} onOpen={open} />
          ))}
          {last < sorted.length && <tr aria-hidden style={{ height: (sorted.length - last) * ROW_HEIGHT }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * One row: plain elements with Mantine's table classes (the table gives borders, hover and padding
 * through its variables). A component per cell cost the first render of the 2,000-position depot
 * ≈ 270 Mantine components; a memoised row also renders only the rows a scroll brings.
 */
const DepotTableRow = memo(function DepotTableRow({
  row,
  rowIndex,
  onOpen,
}: {
  row: DepotRow;
  rowIndex: number;
  onOpen: (positionId: number) => void;
}) {
  const activate = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(row.id);
    }
  };
  return (
    <tr
      className={ROW_CLASS}
      data-hover
      data-with-row-border
      tabIndex={0}
      aria-rowindex={rowIndex}
      aria-label={`${row.title} öffnen`}
      data-testid="depot-table-row"
      onClick={() => onOpen(row.id)}
      onKeyDown={activate}
    >
      <td className={`${CELL} ${classes.sticky} ${classes.image}`}>
        {row.image ? <img src={row.image} alt="" decoding="async" /> : null}
      </td>
      <td className={`${CELL} ${classes.number}`}>{row.year}</td>
      {/* "2 Kisten à 12 × 0,375l" may wrap before the case format, so that all ten columns fit 1280 px. */}
      <td className={CELL}>{row.gebinde}</td>
      <td className={`${CELL} ${classes.wine}`} title={row.wine}>
        <span className={classes.clamp}>{shortenName(row.wine)}</span>
      </td>
      <td className={`${CELL} ${classes.winery}`} title={row.winery}>
        <span className={classes.clamp}>{shortenName(row.winery)}</span>
      </td>
      <td className={`${CELL} ${classes.region}`} title={row.region}>
        <span className={classes.regionName}>
          <span aria-hidden className={classes.dot} style={{ background: regionColor(row.region) }} />
          <span className={classes.clamp}>{row.region}</span>
        </span>
      </td>
      <td className={`${CELL} ${classes.number}`}>{row.bottles}</td>
      <td className={`${CELL} ${classes.nowrap}`}>{formatDate(row.date)}</td>
      <td className={`${CELL} ${classes.number} ${classes.nowrap}`}>
        <Figure>{formatEuro(row.valuation.buyPriceBtl)}</Figure>
      </td>
      <td className={`${CELL} ${classes.number} ${classes.nowrap}`}>
        <Figure>{formatEuro(row.valuation.invested)}</Figure>
      </td>
    </tr>
  );
});
