/**
 * The note as data, offline (issue 28 item 1): the record of what one patient's dictation states
 * — identifiers, measurements, problems, allergies, medications in use versus prescribed today,
 * requests and the return — read from the same text and the same section pieces as the note, so
 * text and data do not disagree. Nothing is inferred: a slot the dictation does not fill stays
 * empty. docs/fhir-export.md ("The record") explains the rules. The medications are read in
 * record-medications.ts, the problems in record-problems.ts; this file reads the rest and builds.
 *
 * Every regular expression has bounded quantifiers (docs/offline-formatter.md, "Linear time").
 */
import {
  type ClinicalRecord,
  emptyClinicalRecord,
  type RecordMedicationOrder,
  type RecordMedicationStatement,
  type RecordVital,
  VITAL_UNITS,
  type VitalKind,
} from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { collapseSpaces } from '../reading/text.js';
import { findChangesAndStops, namesADrug, orderOf, statementOf } from './record-medications.js';
import { findProblems } from './record-problems.js';
import { digitView, MAX_ENTRIES, negated } from './record-text.js';
import type { VitalMatch } from './vitals.js';

// ---- measurements ------------------------------------------------------------------------------

const KIND_OF_LABEL: Readonly<Record<string, VitalKind>> = {
  PA: 'bloodPressure',
  FC: 'heartRate',
  FR: 'respiratoryRate',
  Tax: 'temperature',
  SatO2: 'oxygenSaturation',
  'Glicemia capilar': 'capillaryGlucose',
  Peso: 'weight',
  Altura: 'height',
  IMC: 'bmi',
};

/**
 * The measurements said at the exam, as record entries (UCUM units). A fasting or plain glucose
 * is a lab result, not a vital sign; the IMC the note computes from weight and height is not
 * recorded (only an IMC said).
 */
export function vitalsOf(matches: readonly VitalMatch[]): RecordVital[] {
  const out: RecordVital[] = [];
  for (const match of matches) {
    if (out.length >= MAX_ENTRIES) break;
    const kind = KIND_OF_LABEL[match.label];
    if (!kind) continue;
    let diastolic: number | null = null;
    let value = match.numeric;
    if (kind === 'bloodPressure') {
      const pressure = /^(\d{2,3})x(\d{2,3})/.exec(match.value);
      if (!pressure) continue;
      value = Number(pressure[1]);
      diastolic = Number(pressure[2]);
    }
    const entry = { kind, value, diastolic, unit: VITAL_UNITS[kind] };
    if (!out.some((v) => v.kind === kind && v.value === value && v.diastolic === diastolic))
      out.push(entry);
  }
  return out;
}

// ---- allergies, requests, the return, identifiers --------------------------------------------

const ALLERGY =
  /\b(?:alergi[ac]s?|alergic[oa]s?)(?: medicamentosas?)?(?: ?:| a| à| ao| aos| as| de| com)? ?(?:a |ao |à |aos |as )?/g;
const ALLERGY_STOP =
  /^(?:pressao|pa|frequencia|fc|fr|temperatura|tax|saturacao|sat|spo2|glicemia|peso|altura|ao|exame|hipotese|conduta|plano|em|uso|toma|usa|refere|nega|com|sem|ha|desde|medicac[a-z]{0,4}|nao|e|ou)$/;

/** Substances the patient is allergic to ('alergia a penicilina', 'Alergias: amoxicilina'). */
export function findAllergies(text: string): string[] {
  const view = digitView(text);
  const out: string[] = [];
  ALLERGY.lastIndex = 0;
  for (let m = ALLERGY.exec(view.folded); m; m = ALLERGY.exec(view.folded)) {
    if (
      negated(view.folded, m.index) ||
      /\b(?:nega|sem|nao)\s{1,3}$/.test(view.folded.slice(Math.max(0, m.index - 6), m.index))
    )
      continue;
    let pos = m.index + m[0].length;
    const items: string[] = [];
    let current: string[] = [];
    const word = /[a-z0-9-]{1,30}/g;
    word.lastIndex = pos;
    for (let w = word.exec(view.folded); w && items.length < 6; w = word.exec(view.folded)) {
      const between = view.folded.slice(pos, w.index);
      if (/[.;:!?\n]/.test(between) || between.length > 3) break;
      if (w[0] === 'e' || between.includes(',')) {
        if (current.length > 0) items.push(current.join(' '));
        current = [];
        if (w[0] === 'e') {
          pos = w.index + 1;
          continue;
        }
      }
      if (ALLERGY_STOP.test(w[0]) || current.length >= 3) break;
      current.push(view.text.slice(w.index, w.index + w[0].length));
      pos = w.index + w[0].length;
    }
    if (current.length > 0) items.push(current.join(' '));
    if (out.length >= 50) break;
    for (const item of items) {
      const key = fold(item);
      if (['nenhuma', 'nenhum', 'nega'].includes(key)) continue;
      if (!out.some((o) => fold(o) === key)) out.push(item);
    }
  }
  return out;
}

const REQUEST =
  /\b(solicit[a-z]{0,4}|pec[oa]|pedir|pedido de|repetir|realizar|encaminh[a-z]{0,4})\b(?: (?:a|o|os|as|ao|aos|a|para|pra|à|com|de|exames? de|exames?)\b){0,3} ?/g;
const REQUEST_STOP =
  /^(?:retorno|retornar|conduta|plano|inicio|iniciar|prescrevo|suspendo|aumento|reduzir|oriento|orientacoes|encaminho|solicito|peco|apto|apta|inapto|inapta|nova|proxima|se|mantem|manter|reavaliacao|troco)$/;

/** Exams and referrals requested ('solicito hemograma e PCR', 'encaminho à pneumologia'). */
export function findRequests(text: string): { kind: 'exam' | 'referral'; text: string }[] {
  const view = digitView(text);
  const out: { kind: 'exam' | 'referral'; text: string }[] = [];
  REQUEST.lastIndex = 0;
  for (let m = REQUEST.exec(view.folded); m; m = REQUEST.exec(view.folded)) {
    const kind = (m[1] ?? '').startsWith('encaminh') ? 'referral' : 'exam';
    let pos = m.index + m[0].length;
    const items: string[] = [];
    let current: string[] = [];
    const word = /[a-z0-9/+-]{1,30}/g;
    word.lastIndex = pos;
    for (let w = word.exec(view.folded); w && items.length < 12; w = word.exec(view.folded)) {
      const between = view.folded.slice(pos, w.index);
      if (/[.;:!?\n]/.test(between.replace(/(\d)\.(\d)/, '$1$2')) || between.length > 3) break;
      if (between.includes(',') || w[0] === 'e') {
        if (current.length > 0) items.push(current.join(' '));
        current = [];
        if (w[0] === 'e') {
          pos = w.index + 1;
          continue;
        }
      }
      if (REQUEST_STOP.test(w[0]) || current.length >= 8) break;
      // 'repetir TSH em seis semanas': the time is when, not what.
      if (w[0] === 'em' && /^ \d/.test(view.folded.slice(w.index + 2, w.index + 4))) break;
      if (kind === 'referral' && w[0] === 'com' && current.length > 0) break;
      current.push(view.text.slice(w.index, w.index + w[0].length));
      pos = w.index + w[0].length;
    }
    if (current.length > 0) items.push(current.join(' '));
    if (out.length >= MAX_ENTRIES) break;
    for (const item of items) {
      if (fold(item) === 'exames' || fold(item) === 'exame') continue;
      if (!out.some((o) => o.kind === kind && fold(o.text) === fold(item)))
        out.push({ kind, text: item });
    }
  }
  return out;
}

const RETURN =
  /\b(?:retorno|retornar|reavaliacao|proxima visita|nova visita|proxima consulta)(?: (?:agendado|previsto|marcado))?(?: ?:)? (em|com|se|apos|dentro de|daqui a)\b/g;

/** When the patient comes back, as said ('em 30 dias', 'com exames', 'se piora'). */
export function findReturn(text: string): string | null {
  const view = digitView(text);
  RETURN.lastIndex = 0;
  const m = RETURN.exec(view.folded);
  if (!m) return null;
  const start = m.index + m[0].length - (m[1]?.length ?? 0);
  let end = start + (m[1]?.length ?? 0);
  const word = /[a-z0-9]{1,30}/g;
  word.lastIndex = end;
  let count = 0;
  for (let w = word.exec(view.folded); w && count < 7; w = word.exec(view.folded)) {
    const between = view.folded.slice(end, w.index);
    if (/[.;,!?\n]/.test(between) || between.length > 3) break;
    if (count > 0 && /^(?:retorno|conduta|plano|oriento|encaminho|solicito)$/.test(w[0])) break;
    end = w.index + w[0].length;
    count++;
  }
  return collapseSpaces(view.text.slice(start, end));
}

const CPF = /\bcpf(?: ?:| n(?:o|umero)?\.?| e)? ?(\d{3}\.? ?\d{3}\.? ?\d{3} ?-? ?\d{2})\b/;
const CNS =
  /\b(?:cns|cartao sus|cartao nacional de saude|cartao do sus)(?: ?:| n(?:o|umero)?\.?)? ?(\d{3} ?\d{4} ?\d{4} ?\d{4})\b/;
const BIRTH =
  /\b(?:nascid[oa] em|data de nascimento:?|dn:?|nasc\.?:?) ?(\d{1,2})\/(\d{1,2})\/(\d{4})\b/;

/** CPF, CNS and birth date, only as dictated (digits). */
export function findIdentifiers(text: string): {
  cpf: string | null;
  cns: string | null;
  birthDate: string | null;
} {
  const folded = fold(text);
  const cpf = CPF.exec(folded)?.[1]?.replace(/\D/g, '') ?? null;
  const cns = CNS.exec(folded)?.[1]?.replace(/\D/g, '') ?? null;
  const birth = BIRTH.exec(folded);
  let birthDate: string | null = null;
  if (birth) {
    const [d, mo, y] = [Number(birth[1]), Number(birth[2]), Number(birth[3])];
    if (d >= 1 && d <= 31 && mo >= 1 && mo <= 12 && y >= 1900 && y <= 2100)
      birthDate = `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  return {
    cpf: cpf && cpf.length === 11 ? cpf : null,
    cns: cns && cns.length === 15 ? cns : null,
    birthDate,
  };
}

// ---- the record --------------------------------------------------------------------------------

export interface RecordParts {
  /** The patient's whole dictation (prepared). */
  text: string;
  patientData: { name: string | null; age: string | null; gender: string | null };
  vitals: readonly VitalMatch[];
  medicationsInUse: readonly string[];
  medicationOrders: readonly string[];
  /** Medications said with a dose and stopped today ('suspendo metformina 850 mg'). */
  medicationStops: readonly string[];
  /** The contents of the note's assessment sections. */
  assessment: readonly string[];
  /** Whether the note's assessment is a medical one (problems from assessment cues). */
  readsDiagnoses: boolean;
}

const sameDrug = (
  a: { name: string; dose: string | null },
  b: { name: string; dose: string | null },
) => fold(a.name) === fold(b.name) && (a.dose ?? '') === (b.dose ?? '');

/** The record of one patient's dictation (see the file comment). */
export function buildRecord(parts: RecordParts): ClinicalRecord {
  const record = emptyClinicalRecord();
  const ids = findIdentifiers(parts.text);
  const gender = parts.patientData.gender;
  record.patient = {
    name: parts.patientData.name,
    age: parts.patientData.age,
    birthDate: ids.birthDate,
    sex: gender === 'Masculino' ? 'male' : gender === 'Feminino' ? 'female' : null,
    cpf: ids.cpf,
    cns: ids.cns,
  };
  record.vitals = vitalsOf(parts.vitals);
  for (const line of parts.medicationsInUse.filter(namesADrug)) {
    if (record.medicationsInUse.length >= MAX_ENTRIES) break;
    const entry = statementOf(line);
    if (!record.medicationsInUse.some((m) => sameDrug(m, entry)))
      record.medicationsInUse.push(entry);
  }
  for (const line of parts.medicationOrders.filter(namesADrug)) {
    if (record.medicationOrders.length >= MAX_ENTRIES) break;
    const entry = orderOf('start', line);
    if (!record.medicationOrders.some((m) => sameDrug(m, entry)))
      record.medicationOrders.push(entry);
  }
  for (const line of parts.medicationStops.filter(namesADrug)) {
    if (record.medicationOrders.length >= MAX_ENTRIES) break;
    const entry = orderOf('stop', line);
    if (!record.medicationOrders.some((m) => m.action === 'stop' && sameDrug(m, entry)))
      record.medicationOrders.push(entry);
  }
  const known = [...record.medicationsInUse, ...record.medicationOrders].map((m) => fold(m.name));
  for (const order of findChangesAndStops(parts.text, known)) {
    if (record.medicationOrders.length >= MAX_ENTRIES) break;
    const said = (m: RecordMedicationOrder) =>
      m.action === order.action &&
      (order.action === 'stop' ? fold(m.name) === fold(order.name) : sameDrug(m, order));
    if (!record.medicationOrders.some(said)) record.medicationOrders.push(order);
  }
  // 'troco X por Y 10 mg': Y is started, X stopped; a changed dose is not also a new drug.
  record.medicationOrders = record.medicationOrders.filter(
    (o) =>
      o.action !== 'start' ||
      !record.medicationOrders.some((c) => c.action === 'change' && sameDrug(c, o)),
  );
  record.problems = findProblems(
    parts.readsDiagnoses ? parts.assessment : [],
    parts.text,
    parts.readsDiagnoses,
  );
  record.allergies = findAllergies(parts.text).map((substance) => ({ substance }));
  record.requests = findRequests(parts.text);
  record.returnVisit = findReturn(parts.text);
  return withinBounds(record);
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const cutOrNull = (text: string | null, max: number) => (text === null ? null : cut(text, max));

/** The record within its schema's bounds (lists and texts): a long run-on must not fail it. */
function withinBounds(record: ClinicalRecord): ClinicalRecord {
  const med = <T extends RecordMedicationStatement>(m: T): T => ({
    ...m,
    text: cut(m.text, 400),
    name: cut(m.name, 200),
    dose: cutOrNull(m.dose, 60),
    route: cutOrNull(m.route, 60),
    frequency: cutOrNull(m.frequency, 120),
    duration: cutOrNull(m.duration, 80),
  });
  return {
    patient: {
      ...record.patient,
      name: cutOrNull(record.patient.name, 200),
      age: cutOrNull(record.patient.age, 40),
    },
    vitals: record.vitals.slice(0, MAX_ENTRIES),
    problems: record.problems
      .slice(0, MAX_ENTRIES)
      .map((p) => ({ text: cut(p.text, 300), cid10: cutOrNull(p.cid10, 8) })),
    allergies: record.allergies.slice(0, 50).map((a) => ({ substance: cut(a.substance, 200) })),
    medicationsInUse: record.medicationsInUse.slice(0, MAX_ENTRIES).map(med),
    medicationOrders: record.medicationOrders.slice(0, MAX_ENTRIES).map(med),
    requests: record.requests
      .slice(0, MAX_ENTRIES)
      .map((r) => ({ kind: r.kind, text: cut(r.text, 300) })),
    returnVisit: cutOrNull(record.returnVisit, 200),
  };
}
