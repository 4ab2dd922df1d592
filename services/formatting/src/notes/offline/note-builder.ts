/**
 * One patient's note from their dictation (offline): the patient line from the identification
 * finders, the text split into pieces by section (segment.ts), vital signs and doses taken out of
 * the prose and written one per line where they belong, every missing field 'Não informado'.
 */
import type { FormattedNote } from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { IN_USE_SECTION_KEYS } from '../data/medications-in-use.js';
import { buildRecord } from '../facts/clinical-record.js';
import { CURRENT_USE, findMedications } from '../facts/medications.js';
import {
  type ExtractedPatientData,
  extractPatientData,
  identifyPatient,
} from '../facts/patient-data.js';
import { medicationCue, withoutLeadingVerb } from '../facts/record-medications.js';
import { findVitals, formatVitals, inlineVitals, type VitalMatch } from '../facts/vitals.js';
import type { CompiledProfile } from '../reading/cues.js';
import { segment } from '../reading/segment.js';
import { collapseSpaces } from '../reading/text.js';
import { tokenize } from '../reading/tokens.js';
import { buildNote } from '../render/render.js';
import {
  blankRanges,
  cleanResidue,
  finishSentence,
  isIdentificationOnly,
  isMeaningful,
  removeRanges,
} from './residue.js';

type Block = { kind: 'prose'; text: string } | { kind: 'line'; text: string };

export interface PatientContext {
  additionalContext?: string | null;
  /** Fill a missing name, age or sex from the additional context (one patient only). */
  identifyFromContext?: boolean;
}

/** A dose needs a unit: a piece without one holds no medication (a cheap test first). */
const MAY_HOLD_DOSE =
  /(?:\d|\b)(?:mg|mcg|ml|g|ui|unidades?|gotas?|gts|comprimidos?|cps?|capsulas?|miligramas?|microgramas?|gramas?|mililitros?|ampolas?|sache|jatos|puffs?|µg|ug)\b/;

/** 'HAS em uso de.' once the drugs went to 'Medicações em Uso': the cue left alone goes too. */
const DANGLING_USE =
  /\s{0,3}\b(?:em uso de|faz uso de|fazendo uso de|uso de|usa|toma)\s{0,3}(?=[.;,]|$)/gi;

/** The sections whose items are the clinician's problems and hypotheses (record `problems`). */
const DIAGNOSIS_SECTIONS = new Set(['diagnosticHypothesis', 'assessment']);
/** Notes whose assessment is not a medical diagnosis (nursing, aptitude, nutrition, social). */
const NON_MEDICAL_ASSESSMENT = new Set([
  'enfermeira',
  'tecnico_enfermagem',
  'nutricionista',
  'assistente_social',
  'psicoterapia',
  'medico_trabalho',
]);

/** Sections whose measurements are lab results, written as dictated ('glicemia de jejum 162'). */
const RESULT_SECTIONS = new Set(['complementaryExams', 'labs']);

/** One patient's note (see the file comment). */
export function buildPatientNote(
  cp: CompiledProfile,
  text: string,
  context: PatientContext,
): FormattedNote {
  const { profile } = cp;
  const { routing } = profile;
  const folded = fold(text);
  const blocks = new Map<string, Block[]>(profile.sections.map((s) => [s.key, []]));
  const movedVitals: VitalMatch[] = [];
  const keepMedications = new Set(routing.keepMedications);
  // The record's parts, gathered as the note is built (text and data from the same reading).
  const inUseSection = profile.sections.find((s) => IN_USE_SECTION_KEYS.has(s.key))?.key ?? null;
  const inUse: string[] = [];
  const orders: string[] = [];
  const stops: string[] = [];
  const recordVitals: VitalMatch[] = [];

  const additional = context.additionalContext?.trim() ?? '';
  const tokens = tokenize(text, folded);
  const identified = identifyPatient(text, folded, tokens);
  const fallback: ExtractedPatientData =
    additional !== '' && context.identifyFromContext !== false
      ? extractPatientData(additional)
      : { name: null, age: null, gender: null };
  const patientData = {
    name: identified.name ?? fallback.name,
    age: identified.age ?? fallback.age,
    gender: identified.gender ?? fallback.gender,
  };
  // Only a name found surely identifies a piece to leave out (it is then on the patient line).
  const foldedName = identified.name && identified.span ? fold(identified.name) : null;

  const allVitals = routing.vitals !== null ? findVitals(folded) : [];
  const pieces = segment(text, folded, tokens, cp, {
    identification: identified.span,
    vitalStarts: new Set(allVitals.map((v) => v.start)),
  });

  for (const piece of pieces) {
    if (piece.end <= piece.start) continue;
    let pieceText = text.slice(piece.start, piece.end);
    let pieceFolded = folded.slice(piece.start, piece.end);
    if (piece.section !== routing.identification && isIdentificationOnly(pieceFolded, foldedName)) {
      continue;
    }
    const removed: { start: number; end: number }[] = [];
    if (routing.vitals !== null && !RESULT_SECTIONS.has(piece.section)) {
      const found = vitalsWithin(allVitals, piece.start, piece.end);
      recordVitals.push(...found);
      if (found.length > 0) {
        // A re-evaluation's measurements (nursing) stay where they were said, normalised.
        const inPlace = piece.section === cp.roleSection('nursingEvaluation');
        if (inPlace) {
          pieceText = collapseSpaces(
            replaceRanges(pieceText, found, (v) => ` ${inlineVitals([v])} `),
          );
          pieceFolded = fold(pieceText);
        } else {
          movedVitals.push(...found);
          removed.push(...found);
          // Blank the measurements out so that no dose is read inside them.
          pieceText = blankRanges(pieceText, found);
          pieceFolded = blankRanges(pieceFolded, found);
        }
      }
    }
    if (
      (routing.medications !== null || inUseSection !== null) &&
      MAY_HOLD_DOSE.test(pieceFolded)
    ) {
      // Each dose is a drug in use (a statement, under 'Medicações em Uso') or one prescribed
      // today (the plan): the cue said before it in its sentence decides, else the section
      // (record-medications.ts, docs/fhir-export.md). Past use stays where it was said.
      // Asked once per piece, not per dose: one scan of the piece each time made a piece
      // of many doses quadratic (200,000 characters of 'dipirona 500 mg' took 7 s).
      let pieceSaysCurrentUse: boolean | undefined;
      const saysCurrentUse = () => {
        pieceSaysCurrentUse ??= CURRENT_USE.test(pieceFolded);
        return pieceSaysCurrentUse;
      };
      for (const medication of findMedications(pieceText, pieceFolded)) {
        const use =
          medicationCue(pieceFolded, medication.start, medication.line) ??
          (keepMedications.has(piece.section) ? 'inUse' : saysCurrentUse() ? 'past' : 'order');
        if (use === 'stop') stops.push(medication.line);
        if (use === 'past' || use === 'stop') continue;
        const target = use === 'inUse' ? inUseSection : routing.medications;
        const line = use === 'inUse' ? withoutLeadingVerb(medication.line) : medication.line;
        (use === 'inUse' ? inUse : orders).push(line);
        if (target === null) continue;
        blocks.get(target)?.push({ kind: 'line', text: line });
        removed.push(medication);
      }
    }
    const residue =
      removed.length > 0
        ? cleanResidue(removeRanges(pieceText, removed).replace(DANGLING_USE, ''))
        : pieceText;
    if (!isMeaningful(residue, removed.length > 0)) continue;
    const sentence = finishSentence(residue);
    if (sentence !== '') blocks.get(piece.section)?.push({ kind: 'prose', text: sentence });
  }

  const contents = new Map<string, string>();
  for (const section of profile.sections) {
    const lines: string[] = section.key === routing.vitals ? formatVitals(movedVitals) : [];
    let paragraph = '';
    for (const block of blocks.get(section.key) ?? []) {
      if (block.kind === 'prose') {
        paragraph = paragraph === '' ? block.text : `${paragraph} ${block.text}`;
      } else {
        if (paragraph !== '') lines.push(paragraph);
        paragraph = '';
        lines.push(`- ${block.text}`);
      }
    }
    if (paragraph !== '') lines.push(paragraph);
    contents.set(section.key, lines.join('\n'));
  }

  if (routing.identification !== null && (contents.get(routing.identification) ?? '') === '') {
    const identification = [
      patientData.name ? `Nome: ${patientData.name}.` : '',
      patientData.age ? `Idade: ${patientData.age}.` : '',
      patientData.gender ? `Sexo: ${patientData.gender}.` : '',
    ].filter((s) => s !== '');
    if (identification.length > 0) contents.set(routing.identification, identification.join(' '));
  }

  const notes = [contents.get(routing.observations) ?? ''];
  if (additional !== '') notes.push(`Contexto adicional: ${collapseSpaces(additional)}`);
  contents.set(routing.observations, notes.filter((s) => s !== '').join('\n'));

  const note = buildNote(profile, patientData, contents);
  const record = buildRecord({
    text,
    patientData,
    vitals: recordVitals,
    medicationsInUse: inUse,
    medicationOrders: orders,
    medicationStops: stops,
    assessment: profile.common.diagnosticHypothesis
      .filter((key) => DIAGNOSIS_SECTIONS.has(key))
      .map((key) => contents.get(key) ?? ''),
    readsDiagnoses: !NON_MEDICAL_ASSESSMENT.has(profile.professional),
  });
  return { ...note, record };
}

/** `text` with each range replaced by what `write` gives for it (ranges sorted, disjoint). */
function replaceRanges<T extends { start: number; end: number }>(
  text: string,
  ranges: readonly T[],
  write: (range: T) => string,
): string {
  let out = '';
  let pos = 0;
  for (const range of ranges) {
    out += text.slice(pos, range.start) + write(range);
    pos = range.end;
  }
  return out + text.slice(pos);
}

/** The measurements found in the whole text that lie inside a piece, with offsets in the piece. */
function vitalsWithin(all: readonly VitalMatch[], start: number, end: number): VitalMatch[] {
  const inside: VitalMatch[] = [];
  // `all` is sorted by start: binary search the first one at or after `start`.
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((all[mid] as VitalMatch).start < start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < all.length; i++) {
    const v = all[i] as VitalMatch;
    if (v.start >= end) break;
    if (v.end <= end) inside.push({ ...v, start: v.start - start, end: v.end - start });
  }
  return inside;
}
