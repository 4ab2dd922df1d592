import { Button, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { WorkspaceStrings as S } from '../../../../strings/workspace';

/** A labelled text field bound to one string of a draft. */
export function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
}) {
  return (
    <TextField
      size="small"
      label={props.label}
      value={props.value}
      multiline={props.multiline ?? false}
      minRows={props.multiline ? 2 : undefined}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ flex: 1, minWidth: 140 }}
    />
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {children}
    </Stack>
  );
}

export function ViewLine({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {value || '—'}
    </Typography>
  );
}

/** View and edit modes around a draft that is committed on save and dropped on cancel. */
export function EditorFrame<T>(props: {
  value: T;
  onSave: (value: T) => void;
  view: (value: T) => ReactNode;
  edit: (draft: T, setDraft: (next: T) => void) => ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  const [draft, setDraft] = useState<T | null>(null);
  return (
    <Stack spacing={1.5} data-testid={props.testId}>
      {draft === null ? props.view(props.value) : props.edit(draft, setDraft)}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {draft === null ? (
          <>
            <Button variant="outlined" onClick={() => setDraft(structuredClone(props.value))}>
              {S.edit}
            </Button>
            {props.actions}
          </>
        ) : (
          <>
            <Button
              variant="contained"
              onClick={() => {
                props.onSave(draft);
                setDraft(null);
              }}
            >
              {S.save}
            </Button>
            <Button onClick={() => setDraft(null)}>{S.cancel}</Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}
