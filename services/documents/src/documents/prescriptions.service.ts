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
import type { Principal } from '@pv/service-kit';
import type { TSchema } from '@sinclair/typebox';
import { type Authoring, type Caller, OFFLINE, profileOf, requireText } from './authoring.js';
import type { Consultation } from './consultation.js';
import {
  ambulatoryFromConsultation,
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
    const text = requireText(body.consultationText);
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
    const profile = profileOf(body.profile, principal);
    const { value, engine } = await this.draft<HospitalPrescription>(
      'hospital',
      body,
      (c) => hospitalFromConsultation(c, profile),
      { principal, credentials },
    );
    await this.published(principal, 'hospital');
    return { prescription: normalizeHospital(value), ...engine };
  }

  async ambulatoryPrescription(
    body: PrescriptionRequest,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ) {
    const profile = profileOf(body.profile, principal);
    const { value, engine } = await this.draft<AmbulatoryPrescription>(
      'ambulatory',
      body,
      (c) => ambulatoryFromConsultation(c, profile),
      { principal, credentials },
    );
    await this.published(principal, 'ambulatory');
    return { prescription: normalizeAmbulatory(value), ...engine };
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
    return { prescription, requiredNotifications: requiredNotifications(prescription), ...engine };
  }

  /** Re-checks an edited prescription; with an LLM, the clinician's corrections are applied too. */
  async reprocess(
    body: ReprocessPrescriptionBody,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<ReprocessPrescriptionResponse> {
    const corrections = body.corrections?.trim() ?? '';
    let value: unknown = body.prescription;
    let engine = OFFLINE;
    if (this.authoring.llmReady && corrections) {
      const answer = await this.authoring.askModel(
        'reprocess-prescription',
        reprocessMessages(body.kind, body.prescription, corrections),
        PRESCRIPTION_SCHEMAS[body.kind],
        { principal, credentials },
      );
      value = answer.value;
      engine = answer.engine;
    }
    await this.published(principal, body.kind);
    if (body.kind === 'hospital')
      return {
        kind: 'hospital',
        prescription: normalizeHospital(value as HospitalPrescription),
        ...engine,
      };
    if (body.kind === 'ambulatory')
      return {
        kind: 'ambulatory',
        prescription: normalizeAmbulatory(value as AmbulatoryPrescription),
        ...engine,
      };
    const prescription = normalizeControlled(value as ControlledPrescription);
    return {
      kind: 'controlled',
      prescription,
      requiredNotifications: requiredNotifications(prescription),
      ...engine,
    };
  }
}
