/**
 * One patient's note as a FHIR R4 `document` Bundle (issue 28 item 3; docs/fhir-export.md):
 * a Composition whose sections are the note's headings (narrative + entries), the Patient, the
 * Practitioner, the Encounter, and one resource per record entry. Nothing goes in that the note
 * and its record do not state; every reference is a `urn:uuid:` full URL inside the Bundle.
 * Pure: the service gathers the professional and the signed document and calls `buildBundle`.
 */
import { randomUUID } from 'node:crypto';
import type { ClinicalRecord, FormattedNote, RecordVital, VitalKind } from '@pv/contracts';

// ---- systems -----------------------------------------------------------------------------------

/** RNDS naming systems (the ones RNDS-based guides use for CPF and CNS). */
export const CPF_SYSTEM = 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cpf';
export const CNS_SYSTEM = 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cns';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const ICD10 = 'http://hl7.org/fhir/sid/icd-10';
const SNOMED = 'http://snomed.info/sct';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const ALLERGY_CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
/**
 * The product's own systems where no national one could be confirmed: the council registry
 * (one system per council and UF) and the registry's verification state (a meta tag).
 */
export const PV_FHIR_BASE = 'https://prontuario-voz.example/fhir';
export const REGISTRY_VERIFICATION_SYSTEM = `${PV_FHIR_BASE}/CodeSystem/registry-verification`;
const registrySystem = (council: string, uf: string) =>
  `${PV_FHIR_BASE}/NamingSystem/${council.toLowerCase()}-${uf.toLowerCase()}`;

/** LOINC code and display of each measurement (the R4 vital-signs profile's codes). */
const VITAL_CODES: Readonly<Record<VitalKind, { code: string; display: string; lab?: true }>> = {
  bloodPressure: { code: '85354-9', display: 'Blood pressure panel with all children optional' },
  heartRate: { code: '8867-4', display: 'Heart rate' },
  respiratoryRate: { code: '9279-1', display: 'Respiratory rate' },
  temperature: { code: '8310-5', display: 'Body temperature' },
  oxygenSaturation: {
    code: '59408-5',
    display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
  },
  capillaryGlucose: {
    code: '41653-7',
    display: 'Glucose [Mass/volume] in Capillary blood by Glucometer',
    lab: true,
  },
  weight: { code: '29463-7', display: 'Body weight' },
  height: { code: '8302-2', display: 'Body height' },
  bmi: { code: '39156-5', display: 'Body mass index (BMI) [Ratio]' },
};

/** The Composition's type: LOINC 11488-4 'Consult note'. */
const NOTE_TYPE = { system: LOINC, code: '11488-4', display: 'Consult note' };

// ---- inputs ------------------------------------------------------------------------------------

/** Who wrote the note, as the documents service resolved it (docs/professional-identity.md). */
export interface BundlePractitioner {
  name: string;
  council: string | null;
  registryNumber: string | null;
  registryUf: string | null;
  /**
   * Whether the council registry was verified against the council. Until the professional
   * projection carries a verification state (the identity work), every registry is 'unverified'.
   */
  verification: 'verified' | 'unverified';
}

/** A signed PDF of the caller's (issue 14), exported as a DocumentReference. */
export interface BundleSignedDocument {
  id: string;
  documentType: string;
  createdAt: Date;
  /** Where anyone may verify it ({PUBLIC_URL}/api/documents/{id}/verify). */
  verifyUrl: string;
  /** SHA-1 of the PDF, base64 (FHIR's Attachment.hash), when the bytes are at hand. */
  sha1Base64: string | null;
}

export interface BundleInput {
  note: FormattedNote;
  practitioner: BundlePractitioner;
  signedDocument?: BundleSignedDocument;
  /** When the export is made (the Bundle's timestamp and the resources' dates). */
  now?: Date;
}

type Resource = Record<string, unknown> & { resourceType: string };
type Reference = { reference: string };

// ---- narrative ---------------------------------------------------------------------------------

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** XHTML narrative of a text: one paragraph per line (FHIR's `div`, escaped). */
function narrative(text: string) {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const body = (lines.length > 0 ? lines : ['Não informado'])
    .map((l) => `<p>${escapeXml(l)}</p>`)
    .join('');
  return { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${body}</div>` };
}

// ---- the record's resources --------------------------------------------------------------------

const quantity = (value: number, unit: string) => ({ value, unit, system: UCUM, code: unit });

function observation(v: RecordVital, ctx: Context): Resource {
  const code = VITAL_CODES[v.kind];
  const base = {
    resourceType: 'Observation',
    status: 'final',
    category: [
      {
        coding: [
          {
            system: OBSERVATION_CATEGORY,
            code: code.lab ? 'laboratory' : 'vital-signs',
            display: code.lab ? 'Laboratory' : 'Vital Signs',
          },
        ],
      },
    ],
    code: { coding: [{ system: LOINC, code: code.code, display: code.display }] },
    subject: ctx.patient,
    encounter: ctx.encounter,
    effectiveDateTime: ctx.now,
    performer: [ctx.practitioner],
  };
  if (v.kind === 'bloodPressure') {
    const component = (loinc: string, display: string, value: number | null) => ({
      code: { coding: [{ system: LOINC, code: loinc, display }] },
      ...(value !== null ? { valueQuantity: quantity(value, v.unit) } : {}),
    });
    return {
      ...base,
      component: [
        component('8480-6', 'Systolic blood pressure', v.value),
        component('8462-4', 'Diastolic blood pressure', v.diastolic),
      ],
    };
  }
  return { ...base, valueQuantity: quantity(v.value, v.unit) };
}

const dosage = (m: { text: string; dose: string | null; frequency: string | null }) =>
  m.dose || m.frequency ? [{ text: m.text }] : undefined;

interface Context {
  patient: Reference;
  practitioner: Reference;
  encounter: Reference;
  now: string;
}

/** The record's entries as resources, grouped by the note section they belong under. */
function recordResources(record: ClinicalRecord, ctx: Context) {
  const { patient, encounter, practitioner, now } = ctx;
  const observations = record.vitals.map((v) => observation(v, ctx));
  const conditions = record.problems.map((p) => ({
    resourceType: 'Condition',
    category: [
      {
        coding: [
          {
            system: CONDITION_CATEGORY,
            code: 'encounter-diagnosis',
            display: 'Encounter Diagnosis',
          },
        ],
      },
    ],
    code: {
      ...(p.cid10 ? { coding: [{ system: ICD10, code: p.cid10 }] } : {}),
      text: p.text,
    },
    subject: patient,
    encounter,
    recordedDate: now,
    recorder: practitioner,
  }));
  const allergies = record.allergies.map((a) => ({
    resourceType: 'AllergyIntolerance',
    clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: 'active', display: 'Active' }] },
    code: { text: a.substance },
    patient,
    encounter,
    recordedDate: now,
    recorder: practitioner,
  }));
  const statements = record.medicationsInUse.map((m) => ({
    resourceType: 'MedicationStatement',
    status: 'active',
    medicationCodeableConcept: { text: m.name },
    subject: patient,
    context: encounter,
    dateAsserted: now,
    informationSource: practitioner,
    ...(dosage(m) ? { dosage: dosage(m) } : {}),
  }));
  const orders = record.medicationOrders.map((m) => ({
    resourceType: 'MedicationRequest',
    // A drug stopped today is an order to stop it; started or changed ones are active orders.
    status: m.action === 'stop' ? 'stopped' : 'active',
    intent: 'order',
    medicationCodeableConcept: { text: m.name },
    subject: patient,
    encounter,
    authoredOn: now,
    requester: practitioner,
    ...(m.action !== 'stop' && dosage(m) ? { dosageInstruction: dosage(m) } : {}),
  }));
  const requests = record.requests.map((r) => ({
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    ...(r.kind === 'referral'
      ? {
          category: [
            { coding: [{ system: SNOMED, code: '3457005', display: 'Patient referral' }] },
          ],
        }
      : {}),
    code: { text: r.text },
    subject: patient,
    encounter,
    authoredOn: now,
    requester: practitioner,
  }));
  return { observations, conditions, allergies, statements, orders, requests };
}

/**
 * Which note section each kind of entry goes under: the first of the note's sections with one of
 * these keys (the specialties' keys, services/formatting/src/notes/data/specialties.ts); entries whose
 * section the note does not have go under a last section 'Dados estruturados'.
 */
const SECTION_FOR: Readonly<Record<string, readonly string[]>> = {
  observations: [
    'physicalExam',
    'objective',
    'clinicalExam',
    'vitalSigns',
    'anthropometry',
    'generalState',
    'assessment',
  ],
  conditions: ['diagnosticHypothesis', 'assessment', 'clinicalSummary'],
  allergies: ['pastHistory', 'subjective', 'clinicalHistory', 'medicalAndFamilyHistory'],
  statements: ['medicationsInUse', 'currentMedications'],
  orders: ['plan', 'medications', 'implementation', 'recommendations', 'dietPlan'],
  requests: ['plan', 'recommendations', 'followUp', 'implementation', 'medications'],
};

// ---- the Bundle --------------------------------------------------------------------------------

/** The note as a FHIR R4 document Bundle (see the file comment). */
export function buildBundle(input: BundleInput): Resource {
  const now = (input.now ?? new Date()).toISOString();
  const { note, practitioner: who } = input;
  const record = note.record;
  const entries: { fullUrl: string; resource: Resource }[] = [];
  const add = (resource: Resource): Reference => {
    const fullUrl = `urn:uuid:${randomUUID()}`;
    entries.push({ fullUrl, resource });
    return { reference: fullUrl };
  };

  const patientIds = [
    ...(record?.patient.cpf ? [{ system: CPF_SYSTEM, value: record.patient.cpf }] : []),
    ...(record?.patient.cns ? [{ system: CNS_SYSTEM, value: record.patient.cns }] : []),
  ];
  const patientName = record?.patient.name ?? stated(note.patientData.name);
  const sex = record?.patient.sex ?? null;
  const patient = add({
    resourceType: 'Patient',
    ...(patientIds.length > 0 ? { identifier: patientIds } : {}),
    ...(patientName ? { name: [{ text: patientName }] } : {}),
    ...(sex ? { gender: sex } : {}),
    ...(record?.patient.birthDate ? { birthDate: record.patient.birthDate } : {}),
  });

  const registryComplete = Boolean(who.council && who.registryNumber && who.registryUf);
  const practitioner = add({
    resourceType: 'Practitioner',
    meta: {
      tag: [
        {
          system: REGISTRY_VERIFICATION_SYSTEM,
          code: who.verification,
          display:
            who.verification === 'verified'
              ? 'Registro profissional verificado'
              : 'Registro profissional não verificado',
        },
      ],
    },
    ...(registryComplete
      ? {
          identifier: [
            {
              type: { text: `${who.council}/${who.registryUf}` },
              system: registrySystem(who.council!, who.registryUf!),
              value: who.registryNumber!,
            },
          ],
        }
      : {}),
    ...(who.name ? { name: [{ text: who.name }] } : {}),
  });

  const homeVisit = note.professional === 'medico_visitador';
  const encounter = add({
    resourceType: 'Encounter',
    status: 'finished',
    class: homeVisit
      ? { system: ACT_CODE, code: 'HH', display: 'home health' }
      : { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    subject: patient,
    participant: [{ individual: practitioner }],
    period: { start: now, end: now },
  });

  const ctx: Context = { patient, practitioner, encounter, now };
  const groups = record
    ? recordResources(record, ctx)
    : { observations: [], conditions: [], allergies: [], statements: [], orders: [], requests: [] };
  const sectionEntries = new Map<string, Reference[]>();
  const leftOver: Reference[] = [];
  const keys = new Set(note.sections.map((s) => s.key));
  for (const [group, resources] of Object.entries(groups)) {
    const key = SECTION_FOR[group]?.find((k) => keys.has(k));
    for (const resource of resources as Resource[]) {
      const ref = add(resource);
      if (key) sectionEntries.set(key, [...(sectionEntries.get(key) ?? []), ref]);
      else leftOver.push(ref);
    }
  }

  let signed: Reference | undefined;
  if (input.signedDocument) {
    const d = input.signedDocument;
    signed = add({
      resourceType: 'DocumentReference',
      status: 'current',
      docStatus: 'final',
      type: { text: d.documentType },
      subject: patient,
      date: d.createdAt.toISOString(),
      author: [practitioner],
      content: [
        {
          attachment: {
            contentType: 'application/pdf',
            url: d.verifyUrl,
            ...(d.sha1Base64 ? { hash: d.sha1Base64 } : {}),
            title: d.documentType,
            creation: d.createdAt.toISOString(),
          },
        },
      ],
      context: { encounter: [encounter] },
    });
  }

  const sections = note.sections.map((s) => {
    const refs = sectionEntries.get(s.key) ?? [];
    return {
      title: s.heading,
      text: narrative(s.content),
      ...(refs.length ? { entry: refs } : {}),
    };
  });
  if (leftOver.length > 0)
    sections.push({
      title: 'Dados estruturados',
      text: narrative('Dados do atendimento sem seção correspondente na nota.'),
      entry: leftOver,
    });
  if (signed)
    sections.push({
      title: 'Documento assinado',
      text: narrative(`${input.signedDocument!.documentType} (assinado digitalmente)`),
      entry: [signed],
    });

  const composition: Resource = {
    resourceType: 'Composition',
    status: 'final',
    type: { coding: [NOTE_TYPE], text: note.title },
    subject: patient,
    encounter,
    date: now,
    author: [practitioner],
    title: note.title,
    section: sections,
  };
  const compositionUrl = `urn:uuid:${randomUUID()}`;
  const bundleId = randomUUID();
  return {
    resourceType: 'Bundle',
    id: bundleId,
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${bundleId}` },
    type: 'document',
    timestamp: now,
    entry: [{ fullUrl: compositionUrl, resource: composition }, ...entries],
  };
}

/** A patient line value as stated: 'Não informado' is no value. */
function stated(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' || /^n[aã]o informado\.?$/i.test(trimmed) ? null : trimmed;
}
