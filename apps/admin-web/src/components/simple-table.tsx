import {
  Paper,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  type Theme,
} from '@mui/material';
import type { Key, ReactNode } from 'react';
import { EmptyState } from './query-state';

/** One column of a `SimpleTable`: its header and what each row shows in it. */
export interface TableColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  align?: 'right';
  sx?: SxProps<Theme>;
  /** What the server sorts by for this column, when the table can be sorted by it. */
  sortKey?: string;
}

/** The column a table is sorted by, and which way. */
export interface TableSort {
  key: string;
  order: 'asc' | 'desc';
}

/** A header clicked again turns ascending into descending, and descending into no order. */
export function nextSort(current: TableSort | undefined, key: string): TableSort | undefined {
  if (current?.key !== key) return { key, order: 'asc' };
  return current.order === 'asc' ? { key, order: 'desc' } : undefined;
}

interface SimpleTableProps<R> {
  label: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => Key;
  /** The order shown (the headers of columns with a `sortKey` become buttons with `onSortChange`). */
  sort?: TableSort | undefined;
  onSortChange?: (sort: TableSort | undefined) => void;
  /** Said in one row under the headers when there are no rows (the headers stay, to sort by). */
  empty?: string;
}

/**
 * A list of a tab (audit entries, pending verifications): the `empty` sentence when there are no
 * rows, else the rows in an outlined SimpleTable.
 */
export function ListTable<R>(props: SimpleTableProps<R> & { empty: string }) {
  const { empty, ...table } = props;
  if (table.rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <SimpleTable {...table} />
    </TableContainer>
  );
}

/**
 * A small table of `rows` (analytics days and visitors, vault records): one header row, then
 * one row per item with a cell per column.
 * @example <SimpleTable label="Últimos 7 dias" rows={days} rowKey={(d) => d.date} columns={[{ header: 'Data', cell: (d) => d.date }]} />
 */
export function SimpleTable<R>(props: SimpleTableProps<R>) {
  return (
    <Table size="small" aria-label={props.label}>
      <TableHead>
        <TableRow>
          {props.columns.map((column) => (
            <HeaderCell key={column.header} column={column} {...props} />
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.length === 0 && props.empty && (
          <TableRow>
            <TableCell colSpan={props.columns.length} sx={{ border: 0 }}>
              <EmptyState>{props.empty}</EmptyState>
            </TableCell>
          </TableRow>
        )}
        {props.rows.map((row, index) => (
          <TableRow key={props.rowKey(row, index)}>
            {props.columns.map((column) => (
              <TableCell key={column.header} align={column.align} sx={column.sx}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A column's header: its name, or a button that sorts by it (`aria-sort` on the one in use). */
function HeaderCell<R>(
  props: { column: TableColumn<R> } & Pick<SimpleTableProps<R>, 'sort' | 'onSortChange'>,
) {
  const { column, sort, onSortChange } = props;
  const key = column.sortKey;
  if (!key || !onSortChange) return <TableCell align={column.align}>{column.header}</TableCell>;
  const active = sort?.key === key;
  return (
    <TableCell align={column.align} sortDirection={active ? sort.order : false}>
      <TableSortLabel
        active={active}
        direction={active ? sort.order : 'asc'}
        onClick={() => onSortChange(nextSort(sort, key))}
      >
        {column.header}
      </TableSortLabel>
    </TableCell>
  );
}
