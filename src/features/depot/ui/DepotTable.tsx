import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  Fragment,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { regionColor } from '../../../domain/depot-region-colors';
import {
  DEFAULT_TABLE_SORT,
  DEPOT_COLUMNS,
  type DepotColumnKey,
  sortDepotTable,
} from '../model/depot-columns';
import type { DepotRow } from '../model/depot-rows';
import { nextSort } from '../model/depot-sorting';
import classes from './depot-table.module.css';
import { Figure } from './hidden-figures';

/** Fixed row height (`.row` in depot-table.module.css) so that only the visible rows are rendered. */
const ROW_HEIGHT = 56;
const TABLE_HEIGHT = 600;
const OVERSCAN = 8;

const ROW_CLASS = `${Table.classes.tr} ${classes.row}`;
const CELL = Table.classes.td;

/** What a cell adds to its column's text (`cell` of `DEPOT_COLUMNS`): classes, a tooltip, elements around it. */
interface CellLook {
  className?: string;
  title?: (row: DepotRow) => string;
  render?: (text: string | number, row: DepotRow) => ReactNode;
}

const clamped = (text: string | number) => <span className={classes.clamp}>{text}</span>;
const figure = (text: string | number) => <Figure>{text}</Figure>;

/** Only the cells that need more than their text; any other column shows `cell(row)` as it is. */
const CELL_LOOKS: Partial<Record<DepotColumnKey, CellLook>> = {
  // Wine, winery and region wrap onto two lines (shortened names; the full one is the tooltip).
  wine: { className: classes.wine, title: (row) => row.wine, render: clamped },
  winery: { className: classes.winery, title: (row) => row.winery, render: clamped },
  region: {
    className: classes.region,
    title: (row) => row.region,
    render: (text, row) => (
      <span className={classes.regionName}>
        <span aria-hidden className={classes.dot} style={{ background: regionColor(row.region) }} />
        <span className={classes.clamp}>{text}</span>
      </span>
    ),
  },
  date: { className: classes.nowrap },
  // The prices are figures that "Zahlen verbergen" blurs.
  priceBtl: { className: classes.nowrap, render: figure },
  priceTotal: { className: classes.nowrap, render: figure },
};

/**
 * Each column's cell, its class computed once. A plain cell may wrap: "2 Kisten à 12 × 0,375l"
 * before its case format, so that all ten columns fit 1280 px.
 */
const CELLS = DEPOT_COLUMNS.map((column) => {
  const look: CellLook = CELL_LOOKS[column.key] ?? {};
  return {
    column,
    look,
    className: [CELL, column.numeric ? classes.number : null, look.className ?? null]
      .filter((name) => name !== null)
      .join(' '),
  };
});

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
            {DEPOT_COLUMNS.map((column) => {
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
      {CELLS.map(({ column, look, className }) => {
        const text = column.cell(row);
        return (
          <td key={column.key} className={className} title={look.title?.(row)}>
            {look.render ? look.render(text, row) : text}
          </td>
        );
      })}
    </tr>
  );
});
