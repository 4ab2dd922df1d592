import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../common.js';
import { FormattingEngineSchema } from '../formatting.js';
import {
  ConsultationTextSchema,
  ContextSchema,
  PatientIndexSchema,
  ProfessionalProfileSchema,
  patientChoice,
} from './request-fields.js';

// The three prescriptions (hospital, ambulatory, controlled) as the model writes them and the
// clinician edits them, and where each controlled drug must go (Portaria SVS/MS 344/98).

/** Portaria SVS/MS 344/98 lists a controlled drug may belong to (C4 has no substance left). */
export const ControlledListSchema = Type.Union(
  ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2', 'C3', 'C5'].map((l) => Type.Literal(l)),
);
export type ControlledList = Static<typeof ControlledListSchema>;

/**
 * Bounds of the prescriptions' printed fields. The PDF renderer's cost grows faster than the text
 * (900,000 characters in one field ran past the 90 s job timeout on an anonymous call), so every
 * field has a length a real prescription never reaches: a line, a medication's own text, the
 * free-text parts (the same 20,000 as a reprocessing's corrections).
 */
const PRESCRIPTION_LINE_MAX = 500;
const PRESCRIPTION_ITEM_MAX = 2_000;
const PRESCRIPTION_FREE_TEXT_MAX = 20_000;
const Line = () => Type.String({ maxLength: PRESCRIPTION_LINE_MAX });
const Item = () => Type.String({ maxLength: PRESCRIPTION_ITEM_MAX });
const FreeText = () => Type.String({ maxLength: PRESCRIPTION_FREE_TEXT_MAX });

export const HospitalMedicationSchema = Type.Object({
  medication: Line(),
  route: Line(),
  dilution: Item(),
  schedule: Item(),
  observations: Item(),
});
export const HospitalPrescriptionSchema = Type.Object({
  patientData: Type.Object({
    name: Line(),
    age: Line(),
    gender: Line(),
    medicalRecord: Line(),
  }),
  medications: Type.Array(HospitalMedicationSchema, { maxItems: 200 }),
  generalObservations: FreeText(),
  prescribingPhysician: Line(),
});
export type HospitalPrescription = Static<typeof HospitalPrescriptionSchema>;

export const AmbulatoryMedicationSchema = Type.Object({
  medication: Line(),
  dosage: Line(),
  instructions: Item(),
  /**
   * Sent: the clinician's "Controlado" flag. Answered: the effective control, the table OR the
   * flag (a flag is never dropped, a drug the table knows is never unflagged).
   */
  isControlled: Type.Boolean(),
  /** Filled by the server: the list of Portaria 344/98 (C1 for a flagged drug the table lacks). */
  list: Type.Optional(Nullable(ControlledListSchema)),
});
export const AmbulatoryPrescriptionSchema = Type.Object({
  patientData: Type.Object({
    name: Line(),
    birthDate: Line(),
    cpf: Line(),
    rg: Line(),
    address: Line(),
    phone: Line(),
  }),
  prescriptionDate: Line(),
  medications: Type.Array(AmbulatoryMedicationSchema, { maxItems: 200 }),
  generalInstructions: FreeText(),
  returnDate: Line(),
  prescribingPhysician: Type.Object({
    name: Line(),
    crm: Line(),
    date: Line(),
  }),
  hasControlledMedications: Type.Boolean(),
});
export type AmbulatoryPrescription = Static<typeof AmbulatoryPrescriptionSchema>;

export const ControlledMedicationSchema = Type.Object({
  medication: Line(),
  /** Quantity in numerals, e.g. '30'. */
  quantity: Line(),
  /** The unit of the quantity, e.g. 'comprimidos'. */
  unit: Line(),
  posology: Item(),
  /** Filled by the server from the controlled-drug table; null when not found there. */
  list: Type.Optional(Nullable(ControlledListSchema)),
});
export type ControlledMedication = Static<typeof ControlledMedicationSchema>;

/**
 * The controlled prescription, edited as free text (`text`) in the workspace; the structured
 * fields are what the Receituário de Controle Especial PDF prints.
 */
export const ControlledPrescriptionSchema = Type.Object({
  patientData: Type.Object({
    name: Line(),
    address: Line(),
    /** Printed when given (CFM 2.381/2024: the patient's CPF when informed). */
    cpf: Type.Optional(Type.String({ maxLength: 20 })),
  }),
  medications: Type.Array(ControlledMedicationSchema, { maxItems: 50 }),
  text: FreeText(),
  date: Line(),
});
export type ControlledPrescription = Static<typeof ControlledPrescriptionSchema>;

/** A drug the RCE cannot carry (lists A, B, C2, C3): the notification it needs instead. */
export const RequiredNotificationSchema = Type.Object({
  medication: Type.String(),
  list: ControlledListSchema,
  /**
   * 'Notificação de Receita A' | 'Notificação de Receita B' | 'Notificação de Receita B2' |
   * 'Notificação de Receita Especial para retinoides' | '... de talidomida e análogos'.
   */
  notification: Type.String(),
  message: Type.String(),
});
export type RequiredNotification = Static<typeof RequiredNotificationSchema>;

/**
 * Where one controlled (or flagged) row of a prescription must go, decided on the server from
 * the Annex I table OR the clinician's flag.
 */
export const ControlDecisionSchema = Type.Object({
  /** 0-based row of the prescription's medications. */
  row: Type.Integer({ minimum: 0 }),
  medication: Type.String(),
  list: ControlledListSchema,
  /** 'RCE' or a notification (NOTIFICACAO_A, NOTIFICACAO_B, NOTIFICACAO_B2, ...). */
  form: Type.String(),
  /** pt-BR name of the form, e.g. 'Notificação de Receita B'. */
  formLabel: Type.String(),
  /** 'table' | 'table-and-flag' | 'clinician-flag' (a flagged drug the table lacks is C1). */
  reason: Type.String(),
  /** pt-BR sentence naming the drug and the form it needs. */
  message: Type.String(),
});
export type ControlDecision = Static<typeof ControlDecisionSchema>;

export const PrescriptionRequestSchema = Type.Object({
  consultationText: Type.Optional(ConsultationTextSchema),
  additionalContext: ContextSchema,
  profile: Type.Optional(ProfessionalProfileSchema),
  patientIndex: PatientIndexSchema,
});
export type PrescriptionRequest = Static<typeof PrescriptionRequestSchema>;

const engineFields = { engine: FormattingEngineSchema, model: Type.String() };

export const HospitalPrescriptionResponseSchema = Type.Object({
  prescription: HospitalPrescriptionSchema,
  ...engineFields,
});
export const AmbulatoryPrescriptionResponseSchema = Type.Object({
  prescription: AmbulatoryPrescriptionSchema,
  /** Rows that cannot go on this simple prescription, and the form each needs. */
  controlled: Type.Array(ControlDecisionSchema),
  ...engineFields,
});
export const ControlledPrescriptionResponseSchema = Type.Object({
  prescription: ControlledPrescriptionSchema,
  /** Drugs found that need a notification: the RCE cannot be used for them. */
  requiredNotifications: Type.Array(RequiredNotificationSchema),
  /** Every row's control: the table's list, or C1 for a drug only the clinician marked. */
  controlled: Type.Array(ControlDecisionSchema),
  ...engineFields,
});
export type ControlledPrescriptionResponse = Static<typeof ControlledPrescriptionResponseSchema>;

export const ReprocessPrescriptionBodySchema = Type.Union([
  Type.Object({
    kind: Type.Literal('hospital'),
    prescription: HospitalPrescriptionSchema,
    corrections: Type.Optional(Type.String({ maxLength: 20_000 })),
    ...patientChoice,
  }),
  Type.Object({
    kind: Type.Literal('ambulatory'),
    prescription: AmbulatoryPrescriptionSchema,
    corrections: Type.Optional(Type.String({ maxLength: 20_000 })),
    ...patientChoice,
  }),
  Type.Object({
    kind: Type.Literal('controlled'),
    prescription: ControlledPrescriptionSchema,
    corrections: Type.Optional(Type.String({ maxLength: 20_000 })),
    ...patientChoice,
  }),
]);
export type ReprocessPrescriptionBody = Static<typeof ReprocessPrescriptionBodySchema>;

export const ReprocessPrescriptionResponseSchema = Type.Union([
  Type.Object({ kind: Type.Literal('hospital'), ...HospitalPrescriptionResponseSchema.properties }),
  Type.Object({
    kind: Type.Literal('ambulatory'),
    ...AmbulatoryPrescriptionResponseSchema.properties,
  }),
  Type.Object({
    kind: Type.Literal('controlled'),
    ...ControlledPrescriptionResponseSchema.properties,
  }),
]);
export type ReprocessPrescriptionResponse = Static<typeof ReprocessPrescriptionResponseSchema>;
