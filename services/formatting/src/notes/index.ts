/** Clinical notes: specialty profiles, the offline formatter, LLM prompts and output parsing. */
export { findMedications, findVitals, formatVitals } from './clinical-extract.js';
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
  applyDictatedPunctuation,
  type FormatResult,
  formatOffline,
  type OfflineFormatInput,
  splitPatients,
} from './offline-formatter.js';
export { extractPatientData } from './patient-data.js';
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
