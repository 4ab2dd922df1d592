import {
  type AmbulatoryPrescription,
  AmbulatoryPrescriptionSchema,
  type ControlledPrescription,
  type ControlledPrescriptionResponse,
  ControlledPrescriptionSchema,
  type HospitalPrescription,
  HospitalPrescriptionSchema,
  type PrescriptionRequest,
  type ReprocessPrescriptionBody,
  type ReprocessPrescriptionResponse,
} from '@pv/contracts';
import type { Principal } from '@pv/service-kit/http';
import type { TSchema } from '@sinclair/typebox';
import {
  profileOf,
  withAmbulatoryPrescriber,
  withHospitalPrescriber,
} from '../professionals/professional-header.js';
import { type Authoring, type Caller, OFFLINE, requireText } from './authoring.js';
import type { Consultation } from './consultation.js';
import { choosePatient, patientNameFor } from './patients.js';
import {
  ambulatoryDecisions,
  ambulatoryFromConsultation,
  controlledDecisions,
  controlledFromConsultation,
  hospitalFromConsultation,
  normalizeAmbulatory,
  normalizeControlled,
  normalizeHospital,
  requiredNotifications,
} from './prescriptions.js';
import { type PrescriptionKind, prescriptionMessages, reprocessMessages } from './prompts.js';

const PRESCRIPTION_SCHEMAS: Record<PrescriptionKind, TSchema> = {
  hospital: HospitalPrescriptionSchema,
  ambulatory: AmbulatoryPrescriptionSchema,
  controlled: ControlledPrescriptionSchema,
};

/** The document type each prescription is counted as in document.generated.v1. */
const DOCUMENT_TYPE: Record<PrescriptionKind, string> = {
  hospital: 'hospitalar',
  ambulatory: 'ambulatorial',
  controlled: 'controlada',
};

/** The clinician's flags survive the model's rewrite: a row of a flagged drug stays flagged. */
function keepFlags(
  sent: AmbulatoryPrescription,
  rewritten: AmbulatoryPrescription,
): AmbulatoryPrescription {
  const key = (medication: string) => medication.trim().toLocaleLowerCase('pt-BR');
  const flagged = new Set(
    sent.medications.filter((m) => m.isControlled).map((m) => key(m.medication)),
  );
  return {
    ...rewritten,
    medications: rewritten.medications.map((m) => ({
      ...m,
      isControlled: m.isControlled === true || flagged.has(key(m.medication)),
    })),
  };
}

/**
 * The three prescriptions (hospital, ambulatory, special control) as structured data the
 * clinician edits: drafted by the model or offline, normalized, and checked again on demand.
 */
export class PrescriptionsService {
  constructor(private readonly authoring: Authoring) {}

  private async draft<T>(
    kind: PrescriptionKind,
    body: PrescriptionRequest,
    offline: (c: Consultation) => T,
    caller: Caller,
  ) {
    // One patient per document: only that patient's part of the note is written from.
    const text = choosePatient(requireText(body.consultationText), body.patientIndex).text;
    if (!this.authoring.llmReady)
      return { value: offline(this.authoring.consultation(text)), engine: OFFLINE };
    return this.authoring.askModel<T>(
      `prescription-${kind}`,
      prescriptionMessages(kind, text, body.additionalContext?.trim() ?? ''),
      PRESCRIPTION_SCHEMAS[kind],
      caller,
    );
  }

  private published(principal: Principal | null, kind: PrescriptionKind) {
    return this.authoring.published(principal, {
      documentType: DOCUMENT_TYPE[kind],
      format: 'structured',
    });
  }

  async hospitalPrescription(
    body: PrescriptionRequest,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ) {
    const header = await this.authoring.header(principal, body.profile);
    const { value, engine } = await this.draft<HospitalPrescription>(
      'hospital',
      body,
      (c) => hospitalFromConsultation(c, profileOf(header)),
      { principal, credentials },
    );
    await this.published(principal, 'hospital');
    return { prescription: withHospitalPrescriber(normalizeHospital(value), header), ...engine };
  }

  async ambulatoryPrescription(
    body: PrescriptionRequest,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ) {
    const header = await this.authoring.header(principal, body.profile);
    const { value, engine } = await this.draft<AmbulatoryPrescription>(
      'ambulatory',
      body,
      (c) => ambulatoryFromConsultation(c, profileOf(header)),
      { principal, credentials },
    );
    await this.published(principal, 'ambulatory');
    // A draft carries no clinician's flag: what the model guessed is not one, the table decides.
    const drafted = {
      ...value,
      medications: value.medications.map((m) => ({ ...m, isControlled: false })),
    };
    return {
      prescription: withAmbulatoryPrescriber(normalizeAmbulatory(drafted), header),
      controlled: ambulatoryDecisions(drafted),
      ...engine,
    };
  }

  async controlledPrescription(
    body: PrescriptionRequest,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<ControlledPrescriptionResponse> {
    const { value, engine } = await this.draft<ControlledPrescription>(
      'controlled',
      body,
      controlledFromConsultation,
      { principal, credentials },
    );
    await this.published(principal, 'controlled');
    const prescription = normalizeControlled({
      ...value,
      medications: value.medications.map((m) => ({ ...m, list: null })),
    });
    return {
      prescription,
      requiredNotifications: requiredNotifications(prescription),
      controlled: controlledDecisions(prescription),
      ...engine,
    };
  }

  /** Re-checks an edited prescription; with an LLM, the clinician's corrections are applied too. */
  async reprocess(
    body: ReprocessPrescriptionBody,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<ReprocessPrescriptionResponse> {
    const corrections = body.corrections?.trim() ?? '';
    // With the note, the chosen patient is checked and a blank name filled from its part.
    const name = patientNameFor(body, body.prescription.patientData.name);
    let value: unknown = {
      ...body.prescription,
      patientData: { ...body.prescription.patientData, name },
    };
    let engine = OFFLINE;
    if (this.authoring.llmReady && corrections) {
      const answer = await this.authoring.askModel(
        'reprocess-prescription',
        reprocessMessages(body.kind, body.prescription, corrections),
        PRESCRIPTION_SCHEMAS[body.kind],
        { principal, credentials },
      );
      value =
        body.kind === 'ambulatory'
          ? keepFlags(body.prescription, answer.value as AmbulatoryPrescription)
          : answer.value;
      engine = answer.engine;
    }
    await this.published(principal, body.kind);
    // The edited prescription keeps the server's prescriber for a signed-in caller too.
    const header = await this.authoring.header(principal, undefined);
    if (body.kind === 'hospital')
      return {
        kind: 'hospital',
        prescription: withHospitalPrescriber(
          normalizeHospital(value as HospitalPrescription),
          header,
        ),
        ...engine,
      };
    if (body.kind === 'ambulatory') {
      const sent = value as AmbulatoryPrescription;
      return {
        kind: 'ambulatory',
        prescription: withAmbulatoryPrescriber(normalizeAmbulatory(sent), header),
        controlled: ambulatoryDecisions(sent),
        ...engine,
      };
    }
    const prescription = normalizeControlled(value as ControlledPrescription);
    return {
      kind: 'controlled',
      prescription,
      requiredNotifications: requiredNotifications(prescription),
      controlled: controlledDecisions(prescription),
      ...engine,
    };
  }
}
