import { Button, CircularProgress, Stack, TextField } from '@mui/material';
import type { ReprocessPrescriptionBody } from '@pv/contracts';
import { useToast } from '@pv/web-kit';
import { useState } from 'react';
import { useReprocessPrescriptionMutation } from '../../../../api/documents';
import { failureText } from '../../../../api/http';
import { type DocumentResult, workspaceActions } from '../../../../state/workspace-slice';
import { useAppDispatch } from '../../../../store';
import { WorkspaceStrings as S } from '../../../../strings/workspace';

/** Sends an edited prescription back with the clinician's corrections. */
export function Reprocess({
  body,
  patientIndex,
}: {
  body: (corrections: string) => ReprocessPrescriptionBody;
  /** The patient the prescription is for: the reprocessed one stays theirs. */
  patientIndex?: number | undefined;
}) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [corrections, setCorrections] = useState('');
  const [reprocess, { isLoading }] = useReprocessPrescriptionMutation();
  const run = async () => {
    try {
      const answer = await reprocess(body(corrections)).unwrap();
      const next: DocumentResult =
        answer.kind === 'hospital'
          ? { kind: 'hospital', prescription: answer.prescription }
          : answer.kind === 'ambulatory'
            ? {
                kind: 'ambulatory',
                prescription: answer.prescription,
                controlled: answer.controlled,
              }
            : {
                kind: 'controlled',
                response: {
                  prescription: answer.prescription,
                  requiredNotifications: answer.requiredNotifications,
                  controlled: answer.controlled,
                  engine: answer.engine,
                  model: answer.model,
                },
              };
      dispatch(
        workspaceActions.documentReceived(
          patientIndex === undefined ? next : { ...next, patientIndex },
        ),
      );
      setCorrections('');
    } catch (error) {
      toast({
        title: S.errorTitle,
        description: `${S.reprocessError}${failureText(error)}`,
        variant: 'destructive',
      });
    }
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        size="small"
        fullWidth
        multiline
        label={S.corrections}
        value={corrections}
        onChange={(event) => setCorrections(event.target.value)}
      />
      <Button
        variant="outlined"
        disabled={isLoading}
        startIcon={isLoading ? <CircularProgress size={16} /> : undefined}
        onClick={() => void run()}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {S.reprocess}
      </Button>
    </Stack>
  );
}
