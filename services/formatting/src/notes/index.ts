/** Clinical notes: specialty profiles, the offline formatter, LLM prompts and output parsing. */

export {
  COMMON_FIELDS,
  type CommonField,
  getProfile,
  type SectionRouting,
  type SectionSpec,
  SPECIALTY_PROFILES,
  type SpecialtyProfile,
} from './data/specialties.js';
export {
  analyseOffline,
  DIAGNOSTIC_DISCLAIMER,
  DISORDERS,
  type DiagnosticHypothesis,
  type Likelihood,
  NO_HYPOTHESIS_TEXT,
  type OfflineDiagnosticAnalysis,
  renderDiagnosticAnalysis,
} from './diagnostic/diagnostic-offline.js';
export { buildRecord, type RecordParts } from './facts/clinical-record.js';
export { findMedications, type MedicationMatch } from './facts/medications.js';
export { extractPatientData, identifyPatient } from './facts/patient-data.js';
export { findVitals, formatVitals, type VitalMatch } from './facts/vitals.js';
export {
  checkPatientIsolation,
  type IsolationLeak,
  type IsolationReport,
  isolationProblem,
} from './llm/isolation.js';
export { type ParseResult, parseDiagnosticOutput, parseModelOutput } from './llm/model-answer.js';
export { recordFromModel, withModelRecords } from './llm/model-record.js';
export {
  buildDiagnosticMessages,
  buildFormattingMessages,
  type ChatMessage,
  type FormattingPromptInput,
} from './llm/prompt.js';
export {
  applyDictatedPunctuation,
  type FormatResult,
  formatOffline,
  type OfflineFormatInput,
  prepareDictation,
} from './offline/offline-formatter.js';
export {
  applyMedicalDictionary,
  buildMedicalDictionary,
  type MedicalDictionary,
} from './reading/dictionary.js';
export {
  normalisePatientMarkers,
  type PatientSplit,
  type PatientText,
  splitPatients,
} from './reading/patients.js';
export { CLIENT_LINE_BREAK_AFTER_CHARS, cleanTranscript } from './reading/transcript.js';
export {
  buildMultiPatientSummary,
  buildNote,
  type NoteWithoutText,
  renderMultiPatient,
  renderNote,
} from './render/render.js';
export {
  applySystemInstructions,
  CATCH_ALL_HEADING,
  type NoteTemplate,
  type OfflineShaping,
  parseTemplateHeadings,
  renderWithTemplate,
  type ShapingStep,
  type SystemInstruction,
  shapeOfflineNote,
  shapeOfflineResult,
} from './render/templates.js';
