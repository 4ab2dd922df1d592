/**
 * Every exported function of src/notes that reads a text given by a user (or a model), as a
 * function of that text: the linear-time test and the scaling bench run them all.
 */

import { fold } from '@pv/pt-text';
import {
  analyseOffline,
  applyDictatedPunctuation,
  applyMedicalDictionary,
  applySystemInstructions,
  buildFormattingMessages,
  buildMedicalDictionary,
  checkPatientIsolation,
  cleanTranscript,
  extractPatientData,
  findMedications,
  findVitals,
  formatOffline,
  normalisePatientMarkers,
  parseDiagnosticOutput,
  parseModelOutput,
  parseTemplateHeadings,
  renderWithTemplate,
  splitPatients,
} from '../../src/notes/index.js';
import { formatCorpus } from './helpers.js';

const dictionary = buildMedicalDictionary(['dipirona', 'losartana', 'amoxicilina', 'cefaleia']);
const note = formatCorpus('consulta_medica');

export const TEXT_ENTRY_POINTS: readonly [string, (text: string) => unknown][] = [
  ['formatOffline', (t) => formatOffline({ text: t, professional: 'consulta_medica' })],
  [
    'formatOffline (several patients, dictionary)',
    (t) =>
      formatOffline({
        text: t,
        professional: 'enfermeira',
        multiplePatients: true,
        medicalTerms: ['dipirona', 'cefaleia'],
      }),
  ],
  ['cleanTranscript', cleanTranscript],
  ['applyDictatedPunctuation', applyDictatedPunctuation],
  ['splitPatients', splitPatients],
  ['normalisePatientMarkers', normalisePatientMarkers],
  ['extractPatientData', (t) => extractPatientData(t)],
  ['findVitals', (t) => findVitals(fold(t))],
  ['findMedications', (t) => findMedications(t, fold(t))],
  ['applyMedicalDictionary', (t) => applyMedicalDictionary(t, dictionary)],
  ['buildMedicalDictionary', (t) => buildMedicalDictionary([t])],
  ['analyseOffline', (t) => analyseOffline(t, t.slice(0, 1000))],
  [
    'buildFormattingMessages',
    (t) =>
      buildFormattingMessages({
        professional: 'consulta_medica',
        text: t,
        multiplePatients: true,
        systemInstructions: [{ title: 'x', content: t }],
      }),
  ],
  ['parseModelOutput', (t) => parseModelOutput('consulta_medica', t, false)],
  ['parseDiagnosticOutput', (t) => parseDiagnosticOutput(t)],
  [
    'checkPatientIsolation',
    (t) => checkPatientIsolation({ patients: [note] }, [{ number: 1, text: t }]),
  ],
  ['parseTemplateHeadings', parseTemplateHeadings],
  ['renderWithTemplate', (t) => renderWithTemplate(note, t)],
  ['applySystemInstructions', (t) => applySystemInstructions(note, [{ title: 'x', content: t }])],
];
