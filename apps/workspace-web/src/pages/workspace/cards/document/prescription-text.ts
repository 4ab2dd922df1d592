import type {
  AmbulatoryPrescription,
  ControlledPrescription,
  HospitalPrescription,
} from '@pv/contracts';
import type { DocumentType } from '@pv/contracts/constants';
import { WorkspaceStrings as S } from '../../../../strings/workspace';

/**
 * A prescription as plain text, for the text document a phone gets when its PDF fails (the
 * fallback generic documents have, docs/performance.md "Phones and tablets"). Empty fields are
 * left out, so a sparse prescription does not read as a form of blank labels. The patient's name
 * is not in it: the server prints it under the title (`patientName`).
 */
export type PrescriptionForText =
  | { kind: 'hospital'; prescription: HospitalPrescription; institutionName?: string }
  | { kind: 'ambulatory'; prescription: AmbulatoryPrescription }
  | { kind: 'controlled'; prescription: ControlledPrescription };

const field = (label: string, value: string | undefined) =>
  value?.trim() ? `${label}: ${value.trim()}` : null;

/** Joins the lines given, skipping the fields left out (null); '' keeps a blank line. */
const lines = (...parts: (string | null)[]) =>
  parts.filter((part): part is string => part !== null).join('\n');

/**
 * The document type the server knows the prescription by: it applies the paper's rules to the
 * text (an ambulatory prescription carries no controlled drug) and counts it under that type.
 */
export function prescriptionType(input: PrescriptionForText): DocumentType {
  return input.kind === 'hospital'
    ? 'hospitalar'
    : input.kind === 'ambulatory'
      ? 'ambulatorial'
      : 'controlada';
}

export function prescriptionText(input: PrescriptionForText): string {
  if (input.kind === 'hospital') {
    const p = input.prescription;
    return lines(
      field(S.institutionName, input.institutionName),
      field(S.patientAge, p.patientData.age),
      field(S.patientGender, p.patientData.gender),
      field(S.medicalRecord, p.patientData.medicalRecord),
      '',
      ...p.medications.map((m, i) =>
        lines(
          `${i + 1}. ${m.medication.trim()}`,
          field(`   ${S.route}`, m.route),
          field(`   ${S.dilution}`, m.dilution),
          field(`   ${S.schedule}`, m.schedule),
          field(`   ${S.observations}`, m.observations),
        ),
      ),
      p.medications.length ? null : S.noMedications,
      '',
      field(S.generalObservations, p.generalObservations),
      field(S.prescribingPhysician, p.prescribingPhysician),
    );
  }
  if (input.kind === 'ambulatory') {
    const p = input.prescription;
    return lines(
      field(S.birthDate, p.patientData.birthDate),
      field(S.cpf, p.patientData.cpf),
      field(S.rg, p.patientData.rg),
      field(S.address, p.patientData.address),
      field(S.phone, p.patientData.phone),
      field(S.prescriptionDate, p.prescriptionDate),
      '',
      ...p.medications.map((m, i) =>
        lines(
          `${i + 1}. ${m.medication.trim()}${m.isControlled ? ` (${S.controlled})` : ''}`,
          field(`   ${S.dosage}`, m.dosage),
          field(`   ${S.instructions}`, m.instructions),
        ),
      ),
      p.medications.length ? null : S.noMedications,
      '',
      field(S.generalInstructions, p.generalInstructions),
      field(S.returnDate, p.returnDate),
      field(S.prescribingPhysician, p.prescribingPhysician.name),
      field(S.crm, p.prescribingPhysician.crm),
      field(S.date, p.prescribingPhysician.date),
    );
  }
  const p = input.prescription;
  return lines(
    field(S.address, p.patientData.address),
    field(S.cpf, p.patientData.cpf),
    field(S.date, p.date),
    '',
    // The clinician edits the controlled prescription as free text: that text is the document.
    p.text.trim() ||
      p.medications
        .map((m, i) => `${i + 1}. ${m.medication} ${m.quantity} ${m.unit}: ${m.posology}`.trim())
        .join('\n'),
  );
}
