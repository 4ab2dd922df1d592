import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { WorkspaceStrings as S } from '../../../../strings/workspace';
import { Field, Row } from './editor-parts';

/**
 * The medication rows of every prescription editor: a text field per column, optional extra
 * controls (the controlled flag), a remove button per row, and "add" appending a blank row.
 */
export function MedicationRows<M extends object>(props: {
  rows: M[];
  onChange: (rows: M[]) => void;
  blank: () => M;
  fields: readonly { key: keyof M & string; label: string }[];
  extra?: (row: M, update: (patch: Partial<M>) => void) => ReactNode;
  actions?: ReactNode;
}) {
  const { rows, onChange } = props;
  return (
    <>
      {rows.map((row, i) => {
        const update = (patch: Partial<M>) =>
          onChange(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: editable rows have no identity of their own; inputs are controlled, so a removed row cannot leave stale state
          <Row key={i}>
            {props.fields.map(({ key, label }) => (
              <Field
                key={key}
                label={label}
                value={String(row[key] ?? '')}
                onChange={(v) => update({ [key]: v } as Partial<M>)}
              />
            ))}
            {props.extra?.(row, update)}
            <IconButton
              aria-label={S.removeMedication}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          </Row>
        );
      })}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...rows, props.blank()])}>
          {S.addMedication}
        </Button>
        {props.actions}
      </Stack>
    </>
  );
}
