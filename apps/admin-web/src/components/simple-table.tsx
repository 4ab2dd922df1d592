import {
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
} from '@mui/material';
import type { Key, ReactNode } from 'react';

/** One column of a `SimpleTable`: its header and what each row shows in it. */
export interface TableColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  align?: 'right';
  sx?: SxProps<Theme>;
}

/**
 * A small table of `rows` (analytics days and visitors, vault records): one header row, then
 * one row per item with a cell per column.
 * @example <SimpleTable label="Últimos 7 dias" rows={days} rowKey={(d) => d.date} columns={[{ header: 'Data', cell: (d) => d.date }]} />
 */
export function SimpleTable<R>(props: {
  label: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => Key;
}) {
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
