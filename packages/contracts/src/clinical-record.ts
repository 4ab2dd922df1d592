import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './common.js';

/**
 * The note as data (issue 28 item 1): what the dictation states, slot by slot, beside the text.
 * Both formatting engines fill it (the offline engine from the dictation's cues, the model through
 * the strict JSON schema below); the FHIR export (documents service) maps it to R4 resources.
 * Nothing in it may be inferred: a slot the dictation did not state is null or an empty list.
 *
 * Written for OpenAI's Structured Outputs in strict mode (every object closed, every property
 * required, `null` for what was not said), so the same schema is the model's answer and the
 * record the API returns.
 */

const closed = { additionalProperties: false } as const;
const OrNull = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const text = (maxLength: number) => Type.String({ maxLength });

export const VITAL_KINDS = [
  'bloodPressure',
  'heartRate',
  'respiratoryRate',
  'temperature',
  'oxygenSaturation',
  'capillaryGlucose',
  'weight',
  'height',
  'bmi',
] as const;
export type VitalKind = (typeof VITAL_KINDS)[number];

/** The UCUM unit each measurement is recorded in (the record converts what was said to it). */
export const VITAL_UNITS: Readonly<Record<VitalKind, string>> = {
  bloodPressure: 'mm[Hg]',
  heartRate: '/min',
  respiratoryRate: '/min',
  temperature: 'Cel',
  oxygenSaturation: '%',
  capillaryGlucose: 'mg/dL',
  weight: 'kg',
  height: 'm',
  bmi: 'kg/m2',
};

export const RecordPatientSchema = Type.Object(
  {
    name: OrNull(text(200)),
    /** The age as said ('62 anos', '2 meses'). */
    age: OrNull(text(40)),
    /** ISO date (YYYY-MM-DD), only when the birth date was dictated. */
    birthDate: OrNull(Type.String({ maxLength: 10 })),
    sex: Type.Union([StringEnum(['male', 'female'] as const), Type.Null()]),
    /** Digits only, when dictated. */
    cpf: OrNull(Type.String({ maxLength: 11 })),
    /** Cartão Nacional de Saúde (15 digits), when dictated. */
    cns: OrNull(Type.String({ maxLength: 15 })),
  },
  closed,
);

export const RecordVitalSchema = Type.Object(
  {
    kind: StringEnum(VITAL_KINDS),
    /** The value in the kind's unit (systolic for a blood pressure). */
    value: Type.Number(),
    /** The diastolic pressure; null for every other kind. */
    diastolic: Type.Union([Type.Number(), Type.Null()]),
    /** UCUM code, `VITAL_UNITS[kind]`. */
    unit: Type.String({ maxLength: 20 }),
  },
  closed,
);
export type RecordVital = Static<typeof RecordVitalSchema>;

export const RecordProblemSchema = Type.Object(
  {
    text: text(300),
    /** The CID-10 code only when the clinician dictated one ('J18', 'F32.1'). */
    cid10: OrNull(Type.String({ maxLength: 8 })),
  },
  closed,
);
export type RecordProblem = Static<typeof RecordProblemSchema>;

export const RecordAllergySchema = Type.Object({ substance: text(200) }, closed);

const medicationFields = {
  /** The item as the note writes it ('Losartana 50 mg duas vezes ao dia'). */
  text: text(400),
  /** The drug ('losartana', 'amoxicilina com clavulanato'). */
  name: text(200),
  dose: OrNull(text(60)),
  route: OrNull(text(60)),
  frequency: OrNull(text(120)),
  duration: OrNull(text(80)),
};

/** A medication the patient already takes (a FHIR MedicationStatement). */
export const RecordMedicationStatementSchema = Type.Object(medicationFields, closed);
export type RecordMedicationStatement = Static<typeof RecordMedicationStatementSchema>;

export const MEDICATION_ACTIONS = ['start', 'change', 'stop'] as const;
export type MedicationAction = (typeof MEDICATION_ACTIONS)[number];

/** A medication started, changed (new dose) or stopped today (a FHIR MedicationRequest). */
export const RecordMedicationOrderSchema = Type.Object(
  { action: StringEnum(MEDICATION_ACTIONS), ...medicationFields },
  closed,
);
export type RecordMedicationOrder = Static<typeof RecordMedicationOrderSchema>;

export const RecordRequestSchema = Type.Object(
  { kind: StringEnum(['exam', 'referral'] as const), text: text(300) },
  closed,
);
export type RecordRequest = Static<typeof RecordRequestSchema>;

export const ClinicalRecordSchema = Type.Object(
  {
    patient: RecordPatientSchema,
    vitals: Type.Array(RecordVitalSchema, { maxItems: 100 }),
    problems: Type.Array(RecordProblemSchema, { maxItems: 100 }),
    allergies: Type.Array(RecordAllergySchema, { maxItems: 50 }),
    medicationsInUse: Type.Array(RecordMedicationStatementSchema, { maxItems: 100 }),
    medicationOrders: Type.Array(RecordMedicationOrderSchema, { maxItems: 100 }),
    requests: Type.Array(RecordRequestSchema, { maxItems: 100 }),
    /** When to come back, as said ('em 30 dias', 'com exames'). */
    returnVisit: OrNull(text(200)),
  },
  closed,
);
export type ClinicalRecord = Static<typeof ClinicalRecordSchema>;

/** A record with nothing stated. */
export function emptyClinicalRecord(): ClinicalRecord {
  return {
    patient: { name: null, age: null, birthDate: null, sex: null, cpf: null, cns: null },
    vitals: [],
    problems: [],
    allergies: [],
    medicationsInUse: [],
    medicationOrders: [],
    requests: [],
    returnVisit: null,
  };
}

/**
 * The record as the model answers it: the same shape without the length bounds (Structured
 * Outputs in strict mode does not take `maxLength`/`maxItems`); the server checks the answer
 * against `ClinicalRecordSchema` afterwards.
 */
export function modelClinicalRecordSchema() {
  // A deep copy without the bounds that keeps TypeBox's symbol keys (Kind), so the answer can
  // still be checked against it (Value.Check) as the LLM client does.
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string | symbol, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'maxLength' || key === 'maxItems') continue;
      out[key] = strip(value);
    }
    for (const symbol of Object.getOwnPropertySymbols(node))
      out[symbol] = (node as Record<symbol, unknown>)[symbol];
    return out;
  };
  return strip(ClinicalRecordSchema) as typeof ClinicalRecordSchema;
}
