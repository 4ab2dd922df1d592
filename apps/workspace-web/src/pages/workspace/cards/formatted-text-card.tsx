import { Alert, Box, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import type { FormattedNote } from '@pv/contracts';
import { VAULT_MAX_TEXT_CHARS } from '@pv/contracts/constants';
import { useToast } from '@pv/web-kit';
import { memo, useState } from 'react';
import { archiveConsult } from '../../../api/vault';
import { workspaceActions } from '../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../store';
import { FhirExportStrings } from '../../../strings/fhir-export';
import { WorkspaceStrings as S } from '../../../strings/workspace';
import { FhirExportButton } from './fhir-export-button';

const noteTextSx = {
  whiteSpace: 'pre-wrap',
  fontFamily: 'inherit',
  m: 0,
  lineHeight: 1.6,
} as const;

function NoteBlock({
  heading,
  note,
  position,
}: {
  heading: string;
  note: FormattedNote;
  position: number;
}) {
  return (
    <Box component="article" data-testid="patient-block">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {heading}
      </Typography>
      <Box component="pre" sx={noteTextSx}>
        {note.text}
      </Box>
      <FhirExportButton note={note} label={FhirExportStrings.patientButton(position)} />
    </Box>
  );
}

export const FormattedTextCardBody = memo(function FormattedTextCardBody() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { pending, streamingText, result, savedText } = useAppSelector(
    (state) => state.workspace.formatting,
  );
  const analysis = useAppSelector((state) => state.workspace.diagnosticAnalysis);
  const transcriptionId = useAppSelector((state) => state.workspace.transcriptionId);
  const [draft, setDraft] = useState<string | null>(null);

  if (pending) {
    return (
      <Box component="pre" sx={noteTextSx} aria-live="polite" data-testid="streaming-note">
        {streamingText || S.formatting}
      </Box>
    );
  }

  const editing = draft !== null;
  const unedited = result !== null && savedText === result.text;
  return (
    <Stack spacing={2}>
      {!result && !savedText && <Typography color="text.secondary">{S.formattedEmpty}</Typography>}
      {editing ? (
        <TextField
          multiline
          minRows={10}
          fullWidth
          label={S.cards.formattedText}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      ) : result?.patients && unedited ? (
        <Stack spacing={2} divider={<Divider />}>
          {result.patients.map((note, index) => (
            <NoteBlock
              // biome-ignore lint/suspicious/noArrayIndexKey: the patients are in marker order and never reordered
              key={`${index}-${note.title}`}
              heading={S.patientBlock(index + 1)}
              note={note}
              position={index + 1}
            />
          ))}
          {result.summary !== undefined && (
            <Box component="article" data-testid="summary-block">
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {S.summary}
              </Typography>
              <Box component="pre" sx={noteTextSx}>
                {result.summary}
              </Box>
            </Box>
          )}
        </Stack>
      ) : savedText ? (
        <Box>
          <Box component="pre" sx={noteTextSx} data-testid="formatted-text">
            {savedText}
          </Box>
        </Box>
      ) : null}
      {savedText !== '' && (
        <Stack direction="row" spacing={1}>
          {editing ? (
            <>
              <Button
                variant="contained"
                onClick={() => {
                  dispatch(workspaceActions.formattedTextSaved(draft ?? ''));
                  // The clinician's edited note reaches the dictation's vault record.
                  if (result && transcriptionId && draft !== null && draft !== result.text)
                    void archiveConsult({
                      consultId: result.consultId,
                      transcriptionId,
                      formattedText: result.text.slice(0, VAULT_MAX_TEXT_CHARS),
                      editedText: draft.slice(0, VAULT_MAX_TEXT_CHARS),
                      professional: result.formatted?.professional ?? null,
                    });
                  setDraft(null);
                  toast({ title: S.saved, variant: 'success' });
                }}
              >
                {S.save}
              </Button>
              <Button onClick={() => setDraft(null)}>{S.cancel}</Button>
            </>
          ) : (
            <>
              <Button variant="outlined" onClick={() => setDraft(savedText)}>
                {S.edit}
              </Button>
              {result?.formatted && unedited && <FhirExportButton note={result.formatted} />}
            </>
          )}
        </Stack>
      )}
      {analysis && (
        <Alert severity="info" icon={false}>
          <Typography variant="subtitle2" component="h3">
            {S.diagnosticTitle}
          </Typography>
          <Box component="pre" sx={noteTextSx}>
            {analysis}
          </Box>
        </Alert>
      )}
    </Stack>
  );
});
