/** Clinical notes: specialty profiles, the offline formatter, LLM prompts and output parsing. */

export { buildRecord, type RecordParts } from './clinical-record.js';
export {
  analyseOffline,
  DIAGNOSTIC_DISCLAIMER,
  DISORDERS,
  type DiagnosticHypothesis,
  type Likelihood,
  NO_HYPOTHESIS_TEXT,
  type OfflineDiagnosticAnalysis,
  renderDiagnosticAnalysis,
} from './diagnostic-offline.js';
export {
  applyMedicalDictionary,
  buildMedicalDictionary,
  type MedicalDictionary,
} from './dictionary.js';
export {
  checkPatientIsolation,
  type IsolationLeak,
  type IsolationReport,
  isolationProblem,
} from './isolation.js';
export { findMedications, type MedicationMatch } from './medications.js';
export { recordFromModel, withModelRecords } from './model-record.js';
export {
  applyDictatedPunctuation,
  type FormatResult,
  formatOffline,
  type OfflineFormatInput,
  prepareDictation,
} from './offline-formatter.js';
export { extractPatientData, identifyPatient } from './patient-data.js';
export {
  normalisePatientMarkers,
  type PatientSplit,
  type PatientText,
  splitPatients,
} from './patients.js';
export {
  buildDiagnosticMessages,
  buildFormattingMessages,
  type ChatMessage,
  type FormattingPromptInput,
  type ParseResult,
  parseDiagnosticOutput,
  parseModelOutput,
} from './prompt.js';
export {
  buildMultiPatientSummary,
  buildNote,
  type NoteWithoutText,
  renderMultiPatient,
  renderNote,
} from './render.js';
export {
  COMMON_FIELDS,
  type CommonField,
  getProfile,
  type SectionRouting,
  type SectionSpec,
  SPECIALTY_PROFILES,
  type SpecialtyProfile,
} from './specialties.js';
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
} from './templates.js';
export { CLIENT_LINE_BREAK_AFTER_CHARS, cleanTranscript } from './transcript.js';
export { findVitals, formatVitals, type VitalMatch } from './vitals.js';
