import { Alert, Stack, TextField, Typography } from '@mui/material';
import {
  ambulatoryPrescriptionPdf,
  controlledPrescriptionPdf,
  generatePdf,
  generateTextDocument,
  hospitalPrescriptionPdf,
} from '../../../../api/documents';
import { type DocumentResult, workspaceActions } from '../../../../state/workspace-slice';
import { useAppDispatch } from '../../../../store';
import { DOCUMENT_LABELS, WorkspaceStrings as S } from '../../../../strings/workspace';
import { useAppStore } from '../../workspace-context';
import { AmbulatoryPrescriptionEditor } from '../prescriptions/ambulatory-editor';
import { ControlledPrescriptionEditor } from '../prescriptions/controlled-editor';
import { HospitalPrescriptionEditor } from '../prescriptions/hospital-editor';
import { PdfActions, usePdfDownload } from './pdf-download';
import { Reprocess } from './reprocess';

/** The document or prescription on screen, editable, with its PDF and reprocess actions. */
export function DocumentResultView({ result }: { result: DocumentResult }) {
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
          <PdfActions
            busy={pdf.busy}
            onPdf={(signature) =>
              pdf.run(
                () => generatePdf({ ...body(), ...(signature ? { signature } : {}) }),
                signature ? undefined : () => generateTextDocument(body()),
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
            <PdfActions
              busy={pdf.busy}
              onPdf={(signature) =>
                pdf.run(() =>
                  hospitalPrescriptionPdf({
                    prescription: result.prescription,
                    title: DOCUMENT_LABELS.hospitalar,
                    ...(signature ? { signature } : {}),
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
            <PdfActions
              busy={pdf.busy}
              onPdf={(signature) =>
                pdf.run(() =>
                  ambulatoryPrescriptionPdf({
                    prescription: result.prescription,
                    ...(signature ? { signature } : {}),
                  }),
                )
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
          <PdfActions
            busy={pdf.busy}
            onPdf={(signature) =>
              pdf.run(() =>
                controlledPrescriptionPdf({
                  prescription: response.prescription,
                  ...(signature ? { signature } : {}),
                }),
              )
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
