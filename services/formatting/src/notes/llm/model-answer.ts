/**
 * Validation of what the language model answers (prompt.ts asks): the note of a dictation, built
 * from the model's JSON with the specialty's headings, and the psychiatric diagnostic analysis.
 */
import { type FormattedNote, NOT_INFORMED, type Professional } from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { getProfile, type SpecialtyProfile } from '../data/specialties.js';
import {
  type DiagnosticHypothesis,
  type Likelihood,
  renderDiagnosticAnalysis,
  sortHypotheses,
} from '../diagnostic/diagnostic-offline.js';
import type { FormatResult } from '../offline/offline-formatter.js';
import { buildMultiPatientSummary, buildNote, renderMultiPatient } from '../render/render.js';

export type ParseResult<T> = T | { error: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Accepts a parsed object or the raw answer: possibly wrapped in a ```json block or with a
 * sentence around the object.
 */
function toJson(value: unknown): ParseResult<{ value: unknown }> {
  if (typeof value !== 'string') return { value };
  // Anchored, or on a trimmed end: linear on any answer.
  let trimmed = value.trim().replace(/^```(?:json)?\s*/i, '');
  if (trimmed.endsWith('```')) trimmed = trimmed.slice(0, -3).trimEnd();
  const candidates = [trimmed];
  const first = trimmed.indexOf('{');
  const last = trimmed.lastIndexOf('}');
  if (first > 0 || (last >= 0 && last < trimmed.length - 1)) {
    candidates.push(trimmed.slice(first, last + 1));
  }
  for (const candidate of candidates) {
    try {
      return { value: JSON.parse(candidate) as unknown };
    } catch {
      // try the next candidate
    }
  }
  return { error: 'the answer is not valid JSON' };
}

const isNotInformed = (text: string) => {
  const folded = fold(text).trim();
  // 'Não informado.' with its period: compared without a regex over the answer.
  if (folded.length > NOT_INFORMED.length + 8) return false;
  let end = folded.length;
  while (end > 0 && /[.\s]/.test(folded.charAt(end - 1))) end--;
  return folded.slice(0, end) === fold(NOT_INFORMED);
};

function optionalString(value: unknown, path: string): ParseResult<{ value: string | null }> {
  if (value === undefined || value === null) return { value: null };
  if (typeof value !== 'string') return { error: `${path} must be a string` };
  const trimmed = value.trim();
  return { value: trimmed === '' || isNotInformed(trimmed) ? null : trimmed };
}

function parsePatient(
  profile: SpecialtyProfile,
  raw: unknown,
  path: string,
): ParseResult<{ note: FormattedNote }> {
  if (!isRecord(raw)) return { error: `${path || 'the answer'} must be an object` };
  const patientData: Record<'name' | 'age' | 'gender', string | null> = {
    name: null,
    age: null,
    gender: null,
  };
  const rawPatient = raw.patientData;
  if (rawPatient !== undefined && rawPatient !== null) {
    if (!isRecord(rawPatient)) return { error: `${path}patientData must be an object` };
    for (const field of ['name', 'age', 'gender'] as const) {
      const value = rawPatient[field];
      // Models often write the age as a bare number.
      if (field === 'age' && typeof value === 'number' && Number.isFinite(value)) {
        patientData.age = `${value} ${value === 1 ? 'ano' : 'anos'}`;
        continue;
      }
      const parsed = optionalString(value, `${path}patientData.${field}`);
      if ('error' in parsed) return parsed;
      patientData[field] = parsed.value;
    }
  }
  const contents = new Map<string, string>();
  const known = new Set(profile.sections.map((s) => s.key));
  const rawSections = raw.sections;
  if (rawSections !== undefined && rawSections !== null) {
    if (!Array.isArray(rawSections)) return { error: `${path}sections must be an array` };
    for (let i = 0; i < rawSections.length; i++) {
      const item: unknown = rawSections[i];
      const where = `${path}sections[${i}]`;
      if (!isRecord(item)) return { error: `${where} must be an object` };
      if (typeof item.key !== 'string') return { error: `${where}.key must be a string` };
      const content = optionalString(item.content, `${where}.content`);
      if ('error' in content) return content;
      // Unknown sections are ignored; a key given twice keeps both parts.
      if (!known.has(item.key) || content.value === null) continue;
      const previous = contents.get(item.key);
      contents.set(item.key, previous ? `${previous}\n${content.value}` : content.value);
    }
  }
  return { note: buildNote(profile, patientData, contents) };
}

/**
 * Validates the model's JSON (an object, or the raw answer text) and builds the full notes:
 * headings from the profile, 'Não informado' for missing sections and patient fields, common
 * fields through the profile's mapping, rendered text. Unknown keys are ignored; a value of the
 * wrong type is an error with its path.
 */
export function parseModelOutput(
  professional: Professional,
  json: unknown,
  multiplePatients: boolean,
): ParseResult<FormatResult> {
  const profile = getProfile(professional);
  const parsed = toJson(json);
  if ('error' in parsed) return parsed;
  const value = parsed.value;
  if (!isRecord(value)) return { error: 'the answer must be a JSON object' };

  if (!multiplePatients) {
    if (value.patientData === undefined && value.sections === undefined) {
      return { error: 'the answer has neither patientData nor sections' };
    }
    const single = parsePatient(profile, value, '');
    if ('error' in single) return single;
    return { formatted: single.note, text: single.note.text };
  }

  let rawPatients: unknown[];
  if (value.patients !== undefined) {
    if (!Array.isArray(value.patients)) return { error: 'patients must be an array' };
    if (value.patients.length === 0) return { error: 'patients must not be empty' };
    rawPatients = value.patients;
  } else if (value.patientData !== undefined || value.sections !== undefined) {
    // One patient answered in the single-patient shape.
    rawPatients = [value];
  } else {
    return { error: 'the answer has no patients' };
  }
  const patients: FormattedNote[] = [];
  for (let i = 0; i < rawPatients.length; i++) {
    const patient = parsePatient(profile, rawPatients[i], `patients[${i}].`);
    if ('error' in patient) return patient;
    patients.push(patient.note);
  }
  const summary = optionalString(value.summary, 'summary');
  if ('error' in summary) return summary;
  // The summary lists every patient by name: one that leaves a named patient out is rebuilt.
  const named = patients
    .map((p) => p.patientData.name)
    .filter((name) => name && name !== NOT_INFORMED);
  const complete =
    summary.value !== null && named.every((name) => fold(summary.value ?? '').includes(fold(name)));
  const summaryText =
    complete && summary.value ? summary.value : buildMultiPatientSummary(patients);
  return { patients, summary: summaryText, text: renderMultiPatient(patients, summaryText) };
}

// ---- diagnostic analysis ------------------------------------------------------------------------

const LIKELIHOODS: ReadonlyMap<string, Likelihood> = new Map([
  ['alta', 'alta'],
  ['moderada', 'moderada'],
  ['media', 'moderada'],
  ['baixa', 'baixa'],
]);

function stringList(value: unknown, path: string): ParseResult<{ value: string[] }> {
  if (value === undefined || value === null) return { value: [] };
  if (!Array.isArray(value)) return { error: `${path} must be an array of strings` };
  const list: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string') return { error: `${path}[${i}] must be a string` };
    if (item.trim() !== '') list.push(item.trim());
  }
  return { value: list };
}

/**
 * Validates the model's diagnostic JSON and renders the analysis (sorted by likelihood, ending with
 * the decision-support disclaimer).
 */
export function parseDiagnosticOutput(
  json: unknown,
): ParseResult<{ analysis: string; hypotheses: DiagnosticHypothesis[] }> {
  const parsed = toJson(json);
  if ('error' in parsed) return parsed;
  const value = parsed.value;
  if (!isRecord(value)) return { error: 'the answer must be a JSON object' };
  const raw = value.hypotheses ?? [];
  if (!Array.isArray(raw)) return { error: 'hypotheses must be an array' };
  const hypotheses: DiagnosticHypothesis[] = [];
  for (let i = 0; i < raw.length; i++) {
    const item: unknown = raw[i];
    const where = `hypotheses[${i}]`;
    if (!isRecord(item)) return { error: `${where} must be an object` };
    if (typeof item.name !== 'string' || item.name.trim() === '') {
      return { error: `${where}.name must be a non-empty string` };
    }
    if (typeof item.code !== 'string' || item.code.trim() === '') {
      return { error: `${where}.code must be a non-empty string` };
    }
    const met = stringList(item.criteriaMet, `${where}.criteriaMet`);
    if ('error' in met) return met;
    const missing = stringList(item.criteriaMissing, `${where}.criteriaMissing`);
    if ('error' in missing) return missing;
    if (typeof item.likelihood !== 'string') {
      return { error: `${where}.likelihood must be a string` };
    }
    const likelihood = LIKELIHOODS.get(fold(item.likelihood).trim());
    if (!likelihood) {
      return { error: `${where}.likelihood must be 'alta', 'moderada' or 'baixa'` };
    }
    hypotheses.push({
      name: item.name.trim(),
      code: item.code.trim().toUpperCase(),
      criteriaMet: met.value,
      criteriaMissing: missing.value,
      likelihood,
    });
  }
  const sorted = sortHypotheses(hypotheses);
  return { analysis: renderDiagnosticAnalysis(sorted), hypotheses: sorted };
}
