/**
 * The record on the model's path (issue 28 item 1): the model answers `record` for each patient
 * (strict JSON schema from the contracts); the server keeps it only as far as the dictation
 * supports it. An answer without a usable record (JSON mode, an older prompt) gets the offline
 * engine's record of the same dictation, so every note has one.
 */
import {
  type ClinicalRecord,
  ClinicalRecordSchema,
  type FormattedNote,
  VITAL_UNITS,
} from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { Value } from '@sinclair/typebox/value';
import {
  type FormatResult,
  formatOffline,
  type OfflineFormatInput,
} from '../offline/offline-formatter.js';
import { withDigits } from '../reading/numbers.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The dictation folded with its numbers in digits, to check what an entry says against it. */
function saidText(dictation: string): string {
  return fold(withDigits(dictation, fold(dictation)));
}

/** Every content word of `text` (4+ letters, by its first five) or number is in the dictation. */
function grounded(said: string, text: string): boolean {
  const words = fold(text).match(/[a-z0-9]{1,40}/g) ?? [];
  return words
    .filter((w) => w.length >= 4 || /\d/.test(w))
    .every((w) => said.includes(/\d/.test(w) ? w : w.slice(0, 5)));
}

const numberSaid = (said: string, n: number) =>
  [String(n), String(n).replace('.', ','), String(n / 10), String(Math.round(n * 10))].some((t) =>
    said.includes(t),
  );

/**
 * The model's record for one patient, checked against the schema, with each measurement in its
 * kind's unit and without any entry the dictation does not contain (a model's invention is
 * dropped, not shown). Null when the answer has no valid record.
 */
export function recordFromModel(raw: unknown, dictation: string): ClinicalRecord | null {
  if (!isObject(raw) || !Value.Check(ClinicalRecordSchema, raw)) return null;
  const record = structuredClone(raw) as ClinicalRecord;
  const said = saidText(dictation);
  record.vitals = record.vitals
    .filter(
      (v) => numberSaid(said, v.value) && (v.diastolic === null || numberSaid(said, v.diastolic)),
    )
    .map((v) => ({ ...v, unit: VITAL_UNITS[v.kind] }));
  record.problems = record.problems.filter(
    (p) => grounded(said, p.text) && (p.cid10 === null || said.includes(fold(p.cid10).slice(0, 3))),
  );
  record.allergies = record.allergies.filter((a) => grounded(said, a.substance));
  record.medicationsInUse = record.medicationsInUse.filter((m) => grounded(said, m.name));
  record.medicationOrders = record.medicationOrders.filter((m) => grounded(said, m.name));
  record.requests = record.requests.filter((r) => grounded(said, r.text));
  const p = record.patient;
  if (p.cpf !== null && !said.replace(/\D/g, '').includes(p.cpf)) p.cpf = null;
  if (p.cns !== null && !said.replace(/\D/g, '').includes(p.cns)) p.cns = null;
  if (p.name !== null && !grounded(said, p.name)) p.name = null;
  return record;
}

/**
 * The notes of a model's answer with their records: the model's own where valid, else the
 * offline engine's record of the same patient (`offline`: the input the offline engine reads).
 */
export function withModelRecords(
  result: FormatResult,
  answer: unknown,
  offline: OfflineFormatInput,
): FormatResult {
  const rawPatients: unknown[] = isObject(answer)
    ? Array.isArray(answer.patients)
      ? answer.patients
      : [answer]
    : [];
  let fallback: FormatResult | null = null;
  const offlineRecord = (i: number) => {
    fallback ??= formatOffline(offline);
    const notes = fallback.patients ?? (fallback.formatted ? [fallback.formatted] : []);
    return notes[i]?.record;
  };
  const dictation = offline.text;
  const attach = (note: FormattedNote, i: number): FormattedNote => {
    const raw = rawPatients[i];
    const record =
      (isObject(raw) ? recordFromModel(raw.record, dictation) : null) ?? offlineRecord(i);
    return record ? { ...note, record } : note;
  };
  if (result.formatted) return { ...result, formatted: attach(result.formatted, 0) };
  if (result.patients) return { ...result, patients: result.patients.map(attach) };
  return result;
}
