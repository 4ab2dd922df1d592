import DescriptionIcon from '@mui/icons-material/Description';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Button,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ReprocessPrescriptionBody } from '@pv/contracts';
import { DOCUMENT_TYPES, type DocumentType } from '@pv/contracts/constants';
import { useToast } from '@pv/web-kit';
import { memo, useState } from 'react';
import {
  ambulatoryPrescriptionPdf,
  controlledPrescriptionPdf,
  type DownloadedFile,
  generatePdf,
  generateTextDocument,
  hospitalPrescriptionPdf,
  useAmbulatoryPrescriptionMutation,
  useControlledPrescriptionMutation,
  useGenerateDocumentMutation,
  useHospitalPrescriptionMutation,
  useReprocessPrescriptionMutation,
} from '../../../api/documents';
import { failureText } from '../../../api/http';
import { type DocumentResult, workspaceActions } from '../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../store';
import { DOCUMENT_LABELS, WorkspaceStrings as S } from '../../../strings/workspace';
import { downloadBlob, isAndroid, isMobileDevice, openBlobOnMobile } from '../download';
import { useAppStore } from '../workspace-context';
import {
  AmbulatoryPrescriptionEditor,
  ControlledPrescriptionEditor,
  HospitalPrescriptionEditor,
} from './prescription-editors';

/** Saves (desktop) or opens (mobile) a PDF; Android falls back to a text document. */
function usePdfDownload() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (
    make: () => Promise<DownloadedFile>,
    textFallback?: () => Promise<DownloadedFile>,
  ) => {
    setBusy(true);
    try {
      const file = await make();
      if (isMobileDevice()) openBlobOnMobile(file.blob);
      else downloadBlob(file.blob, file.fileName);
    } catch (error) {
      if (isAndroid() && textFallback) {
        try {
          const text = await textFallback();
          downloadBlob(text.blob, text.fileName);
          toast({ title: S.downloadPdf, description: S.androidPdfFallback });
          return;
        } catch {
          // report the PDF failure below
        }
      }
      const suffix = isMobileDevice() ? ` ${S.tryDesktop}` : '';
      toast({
        title: S.errorTitle,
        description: `${S.pdfError}${failureText(error)}${suffix}`,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

function PdfButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <Button
      variant="contained"
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfIcon />}
      disabled={busy}
      onClick={onClick}
    >
      {S.downloadPdf}
    </Button>
  );
}

/** Sends an edited prescription back with the clinician's corrections (spec 1 §8). */
function Reprocess({ body }: { body: (corrections: string) => ReprocessPrescriptionBody }) {
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
            ? { kind: 'ambulatory', prescription: answer.prescription }
            : {
                kind: 'controlled',
                response: {
                  prescription: answer.prescription,
                  requiredNotifications: answer.requiredNotifications,
                  engine: answer.engine,
                  model: answer.model,
                },
              };
      dispatch(workspaceActions.documentReceived(next));
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

function ResultView({ result }: { result: DocumentResult }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const pdf = usePdfDownload();
  const set = (next: DocumentResult) => dispatch(workspaceActions.documentReceived(next));
  const professional = () => store.getState().workspace.professional;
  const patientName = () =>
    store.getState().workspace.formatting.result?.formatted?.patientData.name;

  if (result.kind === 'document') {
    const { response } = result;
    const body = () => {
      const name = patientName();
      return {
        content: response.document,
        title: response.title,
        documentType: response.documentType,
        professional: professional(),
        ...(name ? { patientName: name } : {}),
      };
    };
    return (
      <Stack spacing={1.5} data-testid="document-result">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {response.title}
        </Typography>
        <TextField
          multiline
          minRows={8}
          fullWidth
          label={response.title}
          value={response.document}
          onChange={(event) =>
            set({ kind: 'document', response: { ...response, document: event.target.value } })
          }
        />
        <Stack direction="row">
          <PdfButton
            busy={pdf.busy}
            onClick={() =>
              void pdf.run(
                () => generatePdf(body()),
                () => generateTextDocument(body()),
              )
            }
          />
        </Stack>
      </Stack>
    );
  }
  if (result.kind === 'hospital')
    return (
      <Stack spacing={2}>
        <HospitalPrescriptionEditor
          value={result.prescription}
          onSave={(prescription) => set({ kind: 'hospital', prescription })}
          actions={
            <PdfButton
              busy={pdf.busy}
              onClick={() =>
                void pdf.run(() =>
                  hospitalPrescriptionPdf({
                    prescription: result.prescription,
                    title: DOCUMENT_LABELS.hospitalar,
                  }),
                )
              }
            />
          }
        />
        <Reprocess
          body={(corrections) => ({
            kind: 'hospital',
            prescription: result.prescription,
            corrections,
          })}
        />
      </Stack>
    );
  if (result.kind === 'ambulatory')
    return (
      <Stack spacing={2}>
        <AmbulatoryPrescriptionEditor
          value={result.prescription}
          onSave={(prescription) => set({ kind: 'ambulatory', prescription })}
          actions={
            <PdfButton
              busy={pdf.busy}
              onClick={() =>
                void pdf.run(() => ambulatoryPrescriptionPdf({ prescription: result.prescription }))
              }
            />
          }
        />
        <Reprocess
          body={(corrections) => ({
            kind: 'ambulatory',
            prescription: result.prescription,
            corrections,
          })}
        />
      </Stack>
    );
  const { response } = result;
  return (
    <Stack spacing={1.5}>
      {response.requiredNotifications.map((n) => (
        <Alert key={n.medication} severity="warning">
          <strong>{S.requiredNotification}:</strong> {n.message}
        </Alert>
      ))}
      <ControlledPrescriptionEditor
        value={response.prescription}
        onChange={(prescription) =>
          set({ kind: 'controlled', response: { ...response, prescription } })
        }
        actions={
          <PdfButton
            busy={pdf.busy}
            onClick={() =>
              void pdf.run(() => controlledPrescriptionPdf({ prescription: response.prescription }))
            }
          />
        }
      />
      <Reprocess
        body={(corrections) => ({
          kind: 'controlled',
          prescription: response.prescription,
          corrections,
        })}
      />
    </Stack>
  );
}

export const DocumentCardBody = memo(function DocumentCardBody() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const toast = useToast();
  const documentType = useAppSelector((state) => state.workspace.documentType);
  const result = useAppSelector((state) => state.workspace.document);
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
    // Spec 1 §5: documents need the formatted note.
    if (consultationText.trim() === '') {
      toast({ title: S.errorTitle, description: S.noFormattedText, variant: 'destructive' });
      return;
    }
    const additionalContext = state.additionalInfo.trim() === '' ? null : state.additionalInfo;
    const request = { consultationText, additionalContext };
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
      // Spec 1 §4: a new result (prescription or document) replaces the one on screen.
      if (type === 'hospitalar') {
        const answer = await hospital(request).unwrap();
        dispatch(
          workspaceActions.documentReceived({
            kind: 'hospital',
            prescription: answer.prescription,
          }),
        );
      } else if (type === 'ambulatorial') {
        const answer = await ambulatory(request).unwrap();
        dispatch(
          workspaceActions.documentReceived({
            kind: 'ambulatory',
            prescription: answer.prescription,
          }),
        );
      } else if (type === 'controlada') {
        const answer = await controlled(request).unwrap();
        dispatch(workspaceActions.documentReceived({ kind: 'controlled', response: answer }));
      } else {
        const answer = await generateDocument({
          ...request,
          documentType: type,
          professional: state.professional,
        }).unwrap();
        dispatch(workspaceActions.documentReceived({ kind: 'document', response: answer }));
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
        <Button
          variant="contained"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DescriptionIcon />}
          disabled={busy}
          onClick={() => void generate()}
        >
          {busy ? S.generating : S.generate}
        </Button>
      </Stack>
      {result && <ResultView result={result} />}
    </Stack>
  );
});
