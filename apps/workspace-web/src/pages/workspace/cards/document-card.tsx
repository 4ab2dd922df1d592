import DescriptionIcon from '@mui/icons-material/Description';
import { Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { DOCUMENT_TYPES, type DocumentType, notePatients } from '@pv/contracts/constants';
import { useToast } from '@pv/web-kit';
import { lazy, memo, Suspense, useMemo } from 'react';
import {
  useAmbulatoryPrescriptionMutation,
  useControlledPrescriptionMutation,
  useGenerateDocumentMutation,
  useHospitalPrescriptionMutation,
} from '../../../api/documents';
import { failureText } from '../../../api/http';
import { workspaceActions } from '../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../store';
import { DOCUMENT_LABELS, WorkspaceStrings as S } from '../../../strings/workspace';
import { useAppStore } from '../workspace-context';
import { RegistryNotice } from './document/registry-notice';

// The result view (prescription editors, PDF download, signing, reprocess) loads when the first
// document arrives, not with `/` (issue 25 item 2: first-paint budget).
const DocumentResultView = lazy(() =>
  import('./document/document-result').then((m) => ({ default: m.DocumentResultView })),
);

export const DocumentCardBody = memo(function DocumentCardBody() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const toast = useToast();
  const documentType = useAppSelector((state) => state.workspace.documentType);
  const result = useAppSelector((state) => state.workspace.document);
  const savedText = useAppSelector((state) => state.workspace.formatting.savedText);
  const chosenPatient = useAppSelector((state) => state.workspace.documentPatient);
  // Issue 12: one patient per document; a note with several asks which one.
  const patients = useMemo(() => notePatients(savedText), [savedText]);
  const severalPatients = patients.length > 1;
  const [generateDocument, documentCall] = useGenerateDocumentMutation();
  const [hospital, hospitalCall] = useHospitalPrescriptionMutation();
  const [ambulatory, ambulatoryCall] = useAmbulatoryPrescriptionMutation();
  const [controlled, controlledCall] = useControlledPrescriptionMutation();
  const busy =
    documentCall.isLoading ||
    hospitalCall.isLoading ||
    ambulatoryCall.isLoading ||
    controlledCall.isLoading;

  const generate = async () => {
    const state = store.getState().workspace;
    const consultationText = state.formatting.savedText;
    // Documents need the formatted note.
    if (consultationText.trim() === '') {
      toast({ title: S.errorTitle, description: S.noFormattedText, variant: 'destructive' });
      return;
    }
    const additionalContext = state.additionalInfo.trim() === '' ? null : state.additionalInfo;
    const count = notePatients(consultationText).length;
    const several = count > 1;
    const chosen = state.documentPatient;
    const patientIndex = several && chosen !== null && chosen <= count ? chosen : undefined;
    if (several && patientIndex === undefined) {
      toast({ title: S.errorTitle, description: S.patientRequired, variant: 'destructive' });
      return;
    }
    const request = { consultationText, additionalContext, patientIndex };
    const forPatient = patientIndex === undefined ? {} : { patientIndex };
    const type: DocumentType = state.documentType;
    const prefix =
      type === 'hospitalar'
        ? S.prescriptionError
        : type === 'ambulatorial'
          ? S.ambulatoryError
          : type === 'controlada'
            ? S.controlledError
            : S.documentError;
    try {
      // A new result (prescription or document) replaces the one on screen.
      if (type === 'hospitalar') {
        const answer = await hospital(request).unwrap();
        dispatch(
          workspaceActions.documentReceived({
            kind: 'hospital',
            prescription: answer.prescription,
            ...forPatient,
          }),
        );
      } else if (type === 'ambulatorial') {
        const answer = await ambulatory(request).unwrap();
        dispatch(
          workspaceActions.documentReceived({
            kind: 'ambulatory',
            prescription: answer.prescription,
            controlled: answer.controlled,
            ...forPatient,
          }),
        );
      } else if (type === 'controlada') {
        const answer = await controlled(request).unwrap();
        dispatch(
          workspaceActions.documentReceived({
            kind: 'controlled',
            response: answer,
            ...forPatient,
          }),
        );
      } else {
        const answer = await generateDocument({
          ...request,
          documentType: type,
          professional: state.professional,
        }).unwrap();
        dispatch(
          workspaceActions.documentReceived({ kind: 'document', response: answer, ...forPatient }),
        );
      }
    } catch (error) {
      toast({
        title: S.errorTitle,
        description: `${prefix}${failureText(error)}`,
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack spacing={2}>
      <RegistryNotice />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          size="small"
          label={S.documentType}
          value={documentType}
          sx={{ minWidth: 260 }}
          onChange={(event) =>
            dispatch(workspaceActions.documentTypeChosen(event.target.value as DocumentType))
          }
        >
          {DOCUMENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {DOCUMENT_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        {severalPatients && (
          <TextField
            select
            size="small"
            required
            label={S.documentPatient}
            value={chosenPatient !== null && chosenPatient <= patients.length ? chosenPatient : ''}
            sx={{ minWidth: 220 }}
            helperText={S.documentPatientHint}
            onChange={(event) =>
              dispatch(workspaceActions.documentPatientChosen(Number(event.target.value)))
            }
          >
            {patients.map((p) => (
              <MenuItem key={p.number} value={p.number}>
                {S.documentPatientOption(p.number, p.name)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button
          variant="contained"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DescriptionIcon />}
          disabled={busy}
          onClick={() => void generate()}
        >
          {busy ? S.generating : S.generate}
        </Button>
      </Stack>
      {result && (
        <Suspense fallback={<CircularProgress size={24} aria-label={S.loadingDocument} />}>
          <DocumentResultView result={result} />
        </Suspense>
      )}
    </Stack>
  );
});
