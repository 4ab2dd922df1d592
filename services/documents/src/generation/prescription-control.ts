import {
  type ControlDecision,
  type ControlledList,
  DocumentRuleMessages,
  type RequiredNotification,
} from '@pv/contracts';
import { AppError } from '@pv/service-kit/http';
import { FREE_TEXT_FUZZY, findMentions } from './controlled/classify.js';
import { tableMentionMessage } from './controlled/effective.js';
import {
  decidePrescriptionForms,
  effectiveControl,
  FORM_LABELS,
  type ListCode,
  type RowDecision,
} from './controlled-drugs.js';

// Where each prescription row may be printed, from the Annex I table OR the clinician's flag
// (services/documents/src/generation/controlled/, docs/controlled-drugs.md). The routes decide
// with these; the layouts print what they are given.

/** A row as the rules read it: the words that name the drug (with its strength) and the flag. */
export interface ControlRow {
  medication: string;
  clinicianFlag: boolean;
}

/** C4 (revoked, no substance) is the one list the contracts do not carry. */
export const contractList = (list: ListCode | null): ControlledList | null =>
  list === null || list === 'C4' ? null : list;

/** The effective list of one row: the table's, or C1 for a drug only the clinician flagged. */
export function effectiveList(row: ControlRow): {
  controlled: boolean;
  list: ControlledList | null;
} {
  const control = effectiveControl(row);
  return control.controlled
    ? { controlled: true, list: contractList(control.list) }
    : { controlled: false, list: null };
}

const toDecision = (row: RowDecision, medication: string): ControlDecision => ({
  row: row.index,
  medication,
  list: contractList(row.list) ?? 'C1',
  form: row.form,
  formLabel: FORM_LABELS[row.form],
  reason: row.reason,
  message: row.message,
});

/** The rows that are controlled (RCE or a notification), each with the form it needs. */
export function controlDecisions(rows: readonly ControlRow[]): ControlDecision[] {
  const decision = decidePrescriptionForms(rows);
  return decision.rows
    .filter((r) => r.destination === 'RCE' || r.destination === 'NOTIFICACAO')
    .map((r) => toDecision(r, rows[r.index]?.medication.trim() ?? ''));
}

/** The drugs among `decisions` that need a notification, which we never print. */
export const notificationsOf = (decisions: readonly ControlDecision[]): RequiredNotification[] =>
  decisions
    .filter((d) => d.form !== 'RCE')
    .map((d) => ({
      medication: d.medication,
      list: d.list,
      notification: d.formLabel,
      message: d.message,
    }));

/** A file route prints no row without a medication: 422 naming the first such row (1-based). */
export function refuseEmptyRows(rows: readonly { medication: string }[]): void {
  const empty = rows.findIndex((r) => r.medication.trim() === '');
  if (empty >= 0)
    throw new AppError(
      422,
      'EMPTY_MEDICATION_ROW',
      DocumentRuleMessages.emptyMedicationRow(empty + 1),
    );
}

/**
 * A simple prescription never carries a controlled drug: 422 naming every such drug and the
 * form it needs (the RCE, printed from the "Receituário Controlado" document, or a notification).
 */
export function refuseControlledInSimple(rows: readonly ControlRow[]): void {
  const controlled = controlDecisions(rows);
  if (controlled.length === 0) return;
  throw controlledInSimple(
    controlled.map((d) => d.message),
    controlled.some((d) => d.form === 'RCE'),
  );
}

/** The 422 of a simple prescription naming controlled drugs, one sentence per drug. */
function controlledInSimple(messages: readonly string[], anyRce: boolean): AppError {
  const parts = [DocumentRuleMessages.controlledInSimple, ...messages];
  if (anyRce) parts.push(DocumentRuleMessages.useControlledType);
  return new AppError(422, 'CONTROLLED_DRUG_IN_SIMPLE_PRESCRIPTION', parts.join(' '));
}

/** The free-text documents that are simple prescriptions: the receituário and the ambulatory one. */
export const isSimplePrescription = (documentType: string | undefined): boolean =>
  documentType === 'receituario' || documentType === 'ambulatorial';

/**
 * A free-text simple prescription (the 'receituario' or 'ambulatorial' document, printed by /api/generate-pdf and
 * /api/generate-text-document) is read for controlled drugs as a structured one is: every drug
 * the table controls (name, salt, brand or a close misspelling) answers the same 422, each drug
 * named once with the form it needs. One pass over the text (linear in its length; the loose
 * matching has a fixed budget, FREE_TEXT_FUZZY); there is no clinician flag in free text.
 */
export function refuseControlledInFreeText(text: string): void {
  const named = new Set<string>();
  const messages: string[] = [];
  let anyRce = false;
  for (const { classification: c } of findMentions(text, { fuzzy: FREE_TEXT_FUZZY })) {
    const { form } = c;
    if (form === 'SIMPLES') continue;
    const key = `${c.substance}|${c.form}`;
    if (named.has(key)) continue;
    named.add(key);
    messages.push(tableMentionMessage({ ...c, form }));
    if (form === 'RCE') anyRce = true;
  }
  if (messages.length > 0) throw controlledInSimple(messages, anyRce);
}

/** The RCE prints no drug that needs a notification: 422 naming each drug and its notification. */
export function refuseNotifications(rows: readonly ControlRow[]): void {
  const notifications = notificationsOf(controlDecisions(rows));
  if (notifications.length === 0) return;
  throw new AppError(
    422,
    'NOTIFICATION_REQUIRED',
    [DocumentRuleMessages.notificationRequired, ...notifications.map((n) => n.message)].join(' '),
  );
}
