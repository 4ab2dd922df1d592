import {
  Paper,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
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
}

interface SimpleTableProps<R> {
  label: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => Key;
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
            <TableCell key={column.header} align={column.align}>
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
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
