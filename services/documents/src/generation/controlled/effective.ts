import { classifyMedication, FORM_LABELS } from './classify.js';
import type { Classification, ListCode, PrescriptionForm } from './types.js';

/**
 * Why a medicine is (or is not) treated as controlled:
 * - 'table': the Annex I table knows it;
 * - 'clinician-flag': the clinician marked it and the table alone would not control it;
 * - 'table-and-flag': both agree;
 * - 'exempt': the table knows it but an adendo exempts this preparation, and nobody flagged it;
 * - 'not-controlled': neither the table nor the clinician.
 */
export type ControlReason =
  | 'table'
  | 'clinician-flag'
  | 'table-and-flag'
  | 'exempt'
  | 'not-controlled';

export type EffectiveControl =
  | {
      controlled: true;
      list: ListCode;
      form: Exclude<PrescriptionForm, 'SIMPLES'>;
      reason: 'table' | 'clinician-flag' | 'table-and-flag';
      classification: Classification | null;
    }
  | {
      controlled: false;
      reason: 'exempt' | 'not-controlled';
      classification: Classification | null;
    };

/** The list a flagged medicine the table does not control is handled as. */
export const FLAGGED_LIST: ListCode = 'C1';

/**
 * Table OR clinician, never less than either: a drug the table knows keeps its list and form
 * whatever the client says; a drug the clinician marks as controlled is never downgraded (if
 * the table does not control it, it goes on the Receituário de Controle Especial as list C1).
 */
export function effectiveControl(input: {
  medication: string;
  clinicianFlag?: boolean | null;
}): EffectiveControl {
  const classification = classifyMedication(input.medication);
  const flagged = input.clinicianFlag === true;
  if (classification && classification.form !== 'SIMPLES')
    return {
      controlled: true,
      list: classification.list,
      form: classification.form,
      reason: flagged ? 'table-and-flag' : 'table',
      classification,
    };
  if (flagged)
    return {
      controlled: true,
      list: classification?.list ?? FLAGGED_LIST,
      form: 'RCE',
      reason: 'clinician-flag',
      classification,
    };
  return {
    controlled: false,
    reason: classification ? 'exempt' : 'not-controlled',
    classification,
  };
}

/** Where a prescription row goes: the simple prescription, the RCE, or a notification. */
export type Destination = 'SIMPLES' | 'RCE' | 'NOTIFICACAO' | 'EMPTY';

export interface RowDecision {
  index: number;
  medication: string;
  destination: Destination;
  /** The paper itself; SIMPLES for the ordinary prescription. */
  form: PrescriptionForm;
  list: ListCode | null;
  substance: string | null;
  reason: ControlReason | 'empty';
  /** pt-BR, e.g. 'Clonazepam (lista B1) exige Notificação de Receita B.' */
  message: string;
  /** pt-BR remarks from the table (restrictions, exceptions that may apply). */
  notes: string[];
}

export interface FormDecision {
  rows: RowDecision[];
  /** Indexes of rows that may go on a simple (ambulatory) prescription. */
  simple: number[];
  /** Indexes of rows that need the Receituário de Controle Especial (which we print). */
  rce: number[];
  /** Indexes of rows that need a notification (A, B, B2, retinoids, C3): never printed by us. */
  notification: number[];
  /** Indexes of rows with no medication written. */
  empty: number[];
}

const MAX_NAME = 80;

/** The row as the clinician wrote it, short enough for a message. */
function writtenName(medication: string): string {
  const name = medication.trim().replace(/\s+/g, ' ');
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
}

/**
 * "Rivotril (clonazepam, lista B1)", "Clonazepam (lista B1)", or, for a misspelling, what was
 * written, so that a wrong guess is seen: 'Clonazepam (escrito "clonazepan", lista B1)'.
 */
function drugLabel(c: Classification): string {
  if (c.brand) return `${c.brand} (${c.substance.toLocaleLowerCase('pt-BR')}, lista ${c.list})`;
  if (c.matchedBy === 'fuzzy')
    return `${c.substance} (escrito "${c.matchedText}", lista ${c.list})`;
  return `${c.substance} (lista ${c.list})`;
}

function messageFor(medication: string, control: EffectiveControl): string {
  const c = control.classification;
  if (!control.controlled) {
    if (c?.rule)
      return `${drugLabel(c)} pode ir na receita simples: ${c.rule.explain} não têm retenção de receita (${c.rule.citation}).`;
    return `${writtenName(medication)} pode ir na receita simples.`;
  }
  const form = FORM_LABELS[control.form];
  if (control.reason === 'clinician-flag') {
    if (c) return `${drugLabel(c)} foi marcado como controlado pelo profissional: vai no ${form}.`;
    return `${writtenName(medication)} foi marcado como controlado pelo profissional e não consta da Portaria SVS/MS 344/98: tratado como lista ${control.list}, exige ${form}.`;
  }
  const label = drugLabel(c!);
  if (c!.rule) return `${label} exige ${form}: ${c!.rule.explain} (${c!.rule.citation}).`;
  return `${label} exige ${form}.`;
}

/**
 * The sentence for a mention the table found in free text, where no clinician flag exists: the
 * same words a structured row naming that drug gets ('Clonazepam (lista B1) exige ...').
 */
export function tableMentionMessage(
  c: Classification & { form: Exclude<PrescriptionForm, 'SIMPLES'> },
): string {
  return messageFor(c.matchedText, {
    controlled: true,
    list: c.list,
    form: c.form,
    reason: 'table',
    classification: c,
  });
}

const destinationOf = (form: PrescriptionForm): Destination =>
  form === 'SIMPLES' ? 'SIMPLES' : form === 'RCE' ? 'RCE' : 'NOTIFICACAO';

/**
 * For the rows of a prescription, which may go on the simple prescription, which need the
 * Receituário de Controle Especial and which need a notification, each with a pt-BR sentence
 * naming the drug and the form it needs.
 */
export function decidePrescriptionForms(
  rows: readonly { medication: string; clinicianFlag?: boolean | null }[],
): FormDecision {
  const decision: FormDecision = { rows: [], simple: [], rce: [], notification: [], empty: [] };
  rows.forEach((row, index) => {
    if (row.medication.trim() === '') {
      decision.rows.push({
        index,
        medication: row.medication,
        destination: 'EMPTY',
        form: 'SIMPLES',
        list: null,
        substance: null,
        reason: 'empty',
        message: `A linha ${index + 1} não tem medicamento.`,
        notes: [],
      });
      decision.empty.push(index);
      return;
    }
    const control = effectiveControl(row);
    const form: PrescriptionForm = control.controlled ? control.form : 'SIMPLES';
    const destination = destinationOf(form);
    decision.rows.push({
      index,
      medication: row.medication,
      destination,
      form,
      list: control.controlled ? control.list : (control.classification?.list ?? null),
      substance: control.classification?.substance ?? null,
      reason: control.reason,
      message: messageFor(row.medication, control),
      notes: control.classification?.notes ?? [],
    });
    if (destination === 'SIMPLES') decision.simple.push(index);
    else if (destination === 'RCE') decision.rce.push(index);
    else decision.notification.push(index);
  });
  return decision;
}
