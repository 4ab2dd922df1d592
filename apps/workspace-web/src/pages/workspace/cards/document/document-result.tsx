import { Alert, Stack, TextField, Typography } from '@mui/material';
import type { ReprocessPrescriptionBody, SignatureRequest } from '@pv/contracts';
import { notePatients } from '@pv/contracts/constants';
import {
  ambulatoryPrescriptionPdf,
  controlledPrescriptionPdf,
  type DownloadedFile,
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
import { type PrescriptionForText, prescriptionText, prescriptionType } from './prescription-text';
import { Reprocess } from './reprocess';

/** HospitalPrescriptionPdfBody's bound on institutionName (packages/contracts documents.ts). */
const INSTITUTION_NAME_MAX = 200;

/** The document or prescription on screen, editable, with its PDF and reprocess actions. */
export function DocumentResultView({ result }: { result: DocumentResult }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const pdf = usePdfDownload();
  const { patientIndex } = result;
  // An edit keeps the patient the document was written for.
  const set = (next: DocumentResult) =>
    dispatch(
      workspaceActions.documentReceived(
        patientIndex === undefined ? next : { ...next, patientIndex },
      ),
    );
  const professional = () => store.getState().workspace.professional;
  const note = () => store.getState().workspace.formatting.savedText;
  /** With several patients, the note and the patient go along so the server checks the name. */
  const patient = () =>
    patientIndex === undefined ? {} : { consultationText: note(), patientIndex };
  const patientName = () =>
    patientIndex === undefined
      ? store.getState().workspace.formatting.result?.formatted?.patientData.name
      : notePatients(note())[patientIndex - 1]?.name;
  /** Android's fallback when a prescription's PDF fails: the same text document as documents. */
  const textOf = (input: PrescriptionForText) => () => {
    const name = input.prescription.patientData.name.trim();
    return generateTextDocument({
      content: prescriptionText(input),
      title: DOCUMENT_LABELS[prescriptionType(input)],
      documentType: prescriptionType(input),
      professional: professional(),
      ...(name ? { patientName: name } : {}),
      ...patient(),
    });
  };
  /** A prescription's PDF buttons: the server's PDF, or on Android the text document above. */
  const prescriptionActions = (
    input: PrescriptionForText,
    render: (
      choice: ReturnType<typeof patient> & { signature?: SignatureRequest },
    ) => Promise<DownloadedFile>,
  ) => (
    <PdfActions
      busy={pdf.busy}
      onPdf={(signature) =>
        pdf.run(
          () => render({ ...patient(), ...(signature ? { signature } : {}) }),
          signature ? undefined : textOf(input),
        )
      }
    />
  );
  /** Rewrites the prescription with the clinician's corrections, for the same patient. */
  const reprocess = (input: ReprocessPrescriptionBody) => (
    <Reprocess
      body={(corrections) => ({ ...input, corrections, ...patient() })}
      patientIndex={patientIndex}
    />
  );
  const chosen =
    patientIndex === undefined ? null : (
      <Typography variant="body2" color="text.secondary" data-testid="document-patient">
        {S.documentFor(patientIndex, notePatients(note())[patientIndex - 1]?.name ?? '')}
      </Typography>
    );

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
        ...patient(),
      };
    };
    return (
      <Stack spacing={1.5} data-testid="document-result">
        {chosen}
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
        {chosen}
        <TextField
          label={S.institutionName}
          size="small"
          fullWidth
          value={result.institutionName ?? ''}
          slotProps={{ htmlInput: { maxLength: INSTITUTION_NAME_MAX } }}
          onChange={(event) => set({ ...result, institutionName: event.target.value })}
        />
        <HospitalPrescriptionEditor
          value={result.prescription}
          onSave={(prescription) => set({ ...result, prescription })}
          actions={prescriptionActions(result, (choice) =>
            hospitalPrescriptionPdf({
              prescription: result.prescription,
              title: DOCUMENT_LABELS.hospitalar,
              ...(result.institutionName?.trim()
                ? { institutionName: result.institutionName.trim() }
                : {}),
              ...choice,
            }),
          )}
        />
        {reprocess({ kind: 'hospital', prescription: result.prescription })}
      </Stack>
    );
  if (result.kind === 'ambulatory')
    return (
      <Stack spacing={2}>
        {chosen}
        {(result.controlled ?? []).map((d) => (
          <Alert key={d.row} severity="warning">
            <strong>{S.controlledRow}:</strong> {d.message}
          </Alert>
        ))}
        <AmbulatoryPrescriptionEditor
          value={result.prescription}
          onSave={(prescription) => set({ ...result, prescription })}
          actions={prescriptionActions(result, (choice) =>
            ambulatoryPrescriptionPdf({ prescription: result.prescription, ...choice }),
          )}
        />
        {reprocess({ kind: 'ambulatory', prescription: result.prescription })}
      </Stack>
    );
  const { response } = result;
  const controlled = { kind: 'controlled', prescription: response.prescription } as const;
  return (
    <Stack spacing={1.5}>
      {chosen}
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
        actions={prescriptionActions(controlled, (choice) =>
          controlledPrescriptionPdf({ prescription: response.prescription, ...choice }),
        )}
      />
      {reprocess(controlled)}
    </Stack>
  );
}
