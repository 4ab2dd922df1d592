import type {
  AmbulatoryPrescription,
  ControlDecision,
  ControlledPrescriptionResponse,
  FormatTextResponse,
  GenerateDocumentResponse,
  HospitalPrescription,
} from '@pv/contracts';
import type { DocumentType, Specialty } from '@pv/contracts/constants';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type EngineBadge = 'browser' | 'soniox' | 'connecting';

/**
 * The one document result on screen (a new one clears the others), with the patient
 * it was written for when the note has several (issue 12: one patient per document).
 */
export type DocumentResult = (
  | { kind: 'document'; response: GenerateDocumentResponse }
  | {
      kind: 'hospital';
      prescription: HospitalPrescription;
      /** 'Nome da instituição', printed on the PDF's header (`institutionName`). */
      institutionName?: string;
    }
  | {
      kind: 'ambulatory';
      prescription: AmbulatoryPrescription;
      /** Rows that cannot stay on the simple prescription, with the form each needs. */
      controlled?: ControlDecision[];
    }
  | { kind: 'controlled'; response: ControlledPrescriptionResponse }
) & { patientIndex?: number };

export interface WorkspaceState {
  professional: Specialty;
  multiplePatients: boolean;
  useMedicalDictionary: boolean;
  useSuperAI: boolean;
  useAlternativeAI: boolean;
  customTemplateId: string | null;
  additionalInfo: string;
  superTranscritor: boolean;
  recording: {
    active: boolean;
    engine: EngineBadge | null;
    elapsedSeconds: number;
    /** Super Transcritor seconds of this recording not yet reported to the server. */
    unreportedSuperSeconds: number;
  };
  formatting: {
    pending: boolean;
    streamingText: string;
    result: FormatTextResponse | null;
    /** The note as saved by the clinician (starts as the formatter's text). */
    savedText: string;
  };
  diagnosticAnalysis: string | null;
  documentType: DocumentType;
  /** The patient (1-based) the next document is for, when the note has several. */
  documentPatient: number | null;
  document: DocumentResult | null;
  /**
   * The id of the dictation on screen, given on its first format and kept until the card is
   * cleared: every format (and part) of it, and the clinician's edit, update one vault record.
   */
  transcriptionId: string | null;
}

const initialState: WorkspaceState = {
  professional: 'consulta_medica',
  multiplePatients: false,
  useMedicalDictionary: false,
  useSuperAI: false,
  useAlternativeAI: false,
  customTemplateId: null,
  additionalInfo: '',
  superTranscritor: false,
  recording: { active: false, engine: null, elapsedSeconds: 0, unreportedSuperSeconds: 0 },
  formatting: { pending: false, streamingText: '', result: null, savedText: '' },
  diagnosticAnalysis: null,
  documentType: 'receituario',
  documentPatient: null,
  document: null,
  transcriptionId: null,
};

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState,
  reducers: {
    professionalChosen(state, action: PayloadAction<Specialty>) {
      state.professional = action.payload;
    },
    optionSet(
      state,
      action: PayloadAction<{
        option: 'multiplePatients' | 'useMedicalDictionary' | 'superTranscritor';
        value: boolean;
      }>,
    ) {
      state[action.payload.option] = action.payload.value;
    },
    /** SUPER-IA and IA-ALTERNATIVA are mutually exclusive. */
    aiModeSet(state, action: PayloadAction<{ mode: 'super' | 'alternative'; on: boolean }>) {
      const { mode, on } = action.payload;
      state.useSuperAI = mode === 'super' ? on : on ? false : state.useSuperAI;
      state.useAlternativeAI = mode === 'alternative' ? on : on ? false : state.useAlternativeAI;
    },
    templateChosen(state, action: PayloadAction<string | null>) {
      state.customTemplateId = action.payload;
    },
    additionalInfoChanged(state, action: PayloadAction<string>) {
      state.additionalInfo = action.payload;
    },
    recordingStarted(state, action: PayloadAction<{ resetElapsed: boolean }>) {
      state.recording.active = true;
      if (action.payload.resetElapsed) state.recording.elapsedSeconds = 0;
    },
    recordingStopped(state) {
      state.recording.active = false;
      state.recording.engine = null;
    },
    engineChanged(state, action: PayloadAction<EngineBadge | null>) {
      state.recording.engine = action.payload;
    },
    ticked(state, action: PayloadAction<{ superSeconds: number }>) {
      state.recording.elapsedSeconds += 1;
      state.recording.unreportedSuperSeconds += action.payload.superSeconds;
    },
    superSecondsReported(state, action: PayloadAction<number>) {
      state.recording.unreportedSuperSeconds = Math.max(
        0,
        state.recording.unreportedSuperSeconds - action.payload,
      );
    },
    formattingStarted(state) {
      state.formatting.pending = true;
      state.formatting.streamingText = '';
    },
    formattingStreamed(state, action: PayloadAction<string>) {
      state.formatting.streamingText = action.payload;
    },
    /** A formatting run replaces the note and clears any prescription results. */
    formattingSucceeded(state, action: PayloadAction<FormatTextResponse>) {
      state.formatting = {
        pending: false,
        streamingText: '',
        result: action.payload,
        savedText: action.payload.text,
      };
      state.document = null;
      state.documentPatient = null;
    },
    formattingFailed(state) {
      state.formatting.pending = false;
      state.formatting.streamingText = '';
    },
    transcriptionStarted(state, action: PayloadAction<string>) {
      state.transcriptionId = action.payload;
    },
    formattedTextSaved(state, action: PayloadAction<string>) {
      state.formatting.savedText = action.payload;
    },
    diagnosticAnalysisReceived(state, action: PayloadAction<string | null>) {
      state.diagnosticAnalysis = action.payload;
    },
    documentTypeChosen(state, action: PayloadAction<DocumentType>) {
      state.documentType = action.payload;
    },
    documentPatientChosen(state, action: PayloadAction<number | null>) {
      state.documentPatient = action.payload;
    },
    documentReceived(state, action: PayloadAction<DocumentResult | null>) {
      state.document = action.payload;
    },
    /** Clear-everything: the transcript store is cleared by the caller. */
    everythingCleared(state) {
      state.additionalInfo = '';
      state.recording.elapsedSeconds = 0;
      state.formatting = initialState.formatting;
      state.diagnosticAnalysis = null;
      state.document = null;
      state.documentPatient = null;
      state.transcriptionId = null;
    },
  },
});

export const workspaceActions = workspaceSlice.actions;
