import {
  type AmbulatoryPrescription,
  formatRegistry,
  type HospitalPrescription,
  type ProfessionalProfile,
  RegistryMessages,
} from '@pv/contracts';
import type { Principal } from '@pv/service-kit/http';
import type { DocumentsDb } from '../db/schema.js';
import type { PdfHeader, PdfHeaderStatus } from '../pdf/jobs.js';
import { findProfessional } from './professional.repository.js';

/**
 * The professional a document names, decided on the server (docs/professional-identity.md, "Who the
 * document names"). Besides what the header prints, it keeps the registry in parts for whoever
 * needs them apart (a signature's ITI attributes: council, number, UF).
 */
export interface ProfessionalHeader {
  /** verified: from auth's profile, registry and CPF verified; pending-verification: from auth's
   * profile, not verified yet; registry-missing: signed in, no complete registry yet;
   * unverified: typed by an anonymous caller. */
  status: PdfHeaderStatus;
  /** The CPF auth verified (what a signing certificate must carry); null unless verified. */
  verifiedCpf: string | null;
  /** The signed-in professional; null for an anonymous caller. */
  userId: string | null;
  name: string;
  /** As printed: 'CRM/SP 123456'; '' when unknown (the PDF leaves a blank line for a stamp). */
  registry: string;
  council: string | null;
  registryNumber: string | null;
  registryUf: string | null;
  /** Registro de Qualificação de Especialista, digits only; '' when none. */
  rqe: string;
  clinicAddress: string;
  clinicPhone: string;
}

const text = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * A signed-in caller's header comes from the professionals' projection (what auth holds) and the
 * `profile` of the request is ignored; without a complete registry (council, UF and number) the
 * registry is left blank. An anonymous caller's typed profile is taken as typed, marked
 * unverified.
 */
export async function resolveProfessionalHeader(
  db: DocumentsDb,
  caller: Principal | null,
  bodyProfile: ProfessionalProfile | undefined,
): Promise<ProfessionalHeader> {
  // Issue 23 item 1: an account that has not confirmed its e-mail prints as a visitor does.
  if (caller?.emailVerified !== true) {
    return {
      status: 'unverified',
      verifiedCpf: null,
      userId: caller?.userId ?? null,
      name: text(bodyProfile?.name),
      registry: text(bodyProfile?.registry),
      council: null,
      registryNumber: null,
      registryUf: null,
      rqe: text(bodyProfile?.rqe),
      clinicAddress: text(bodyProfile?.clinicAddress),
      clinicPhone: text(bodyProfile?.clinicPhone),
    };
  }
  const row = await findProfessional(db, caller.userId);
  const complete = Boolean(row?.council && row.registry_number && row.registry_uf);
  const verified = complete && row?.verification_state === 'verificado';
  return {
    status: verified ? 'verified' : complete ? 'pending-verification' : 'registry-missing',
    verifiedCpf: verified ? (row?.verified_cpf ?? null) : null,
    userId: caller.userId,
    // A session exists before its first event arrives: its name is auth's too.
    name: text(row?.full_name) || caller.fullName,
    registry: complete
      ? formatRegistry(row!.council!, row!.registry_uf, row!.registry_number!)
      : '',
    council: row?.council ?? null,
    registryNumber: row?.registry_number ?? null,
    registryUf: row?.registry_uf ?? null,
    rqe: text(row?.rqe),
    clinicAddress: text(row?.clinic_address),
    clinicPhone: text(row?.clinic_phone),
  };
}

/** What the PDF layout prints of it. */
export function pdfHeaderOf(header: ProfessionalHeader): PdfHeader {
  const { status, name, registry, rqe, clinicAddress, clinicPhone } = header;
  return { status, name, registry, rqe, clinicAddress, clinicPhone };
}

/** The registry line of a text document or a prescription: 'CRM/SP 123456 - RQE 1234'. */
export function registryLineOf(header: ProfessionalHeader): string {
  return [header.registry, header.rqe ? `RQE ${header.rqe}` : ''].filter(Boolean).join(' - ');
}

/** The same header as the profile the writers (model prompt, offline writer) sign with. */
export function profileOf(header: ProfessionalHeader): ProfessionalProfile {
  return {
    name: header.name,
    registry: registryLineOf(header),
    clinicAddress: header.clinicAddress,
    clinicPhone: header.clinicPhone,
  };
}

/** The header of a text document, one line each (the registry or its blank, the warning). */
export function textHeaderLines(header: ProfessionalHeader): string[] {
  const registry =
    registryLineOf(header) ||
    (header.status === 'registry-missing' ? RegistryMessages.blankRegistryLine : '');
  return [
    header.name,
    registry,
    header.clinicAddress || RegistryMessages.blankAddress,
    header.clinicPhone || RegistryMessages.blankPhone,
    header.status !== 'verified' ? RegistryMessages.unverifiedHeader : '',
  ].filter(Boolean);
}

/** A signed-in caller's prescription is signed by the server's header, whatever it says. */
export function withHospitalPrescriber(
  prescription: HospitalPrescription,
  header: ProfessionalHeader,
): HospitalPrescription {
  if (header.status === 'unverified') return prescription;
  const prescribingPhysician = [header.name, registryLineOf(header)].filter(Boolean).join(' - ');
  return { ...prescription, prescribingPhysician };
}

export function withAmbulatoryPrescriber(
  prescription: AmbulatoryPrescription,
  header: ProfessionalHeader,
): AmbulatoryPrescription {
  if (header.status === 'unverified') return prescription;
  return {
    ...prescription,
    prescribingPhysician: {
      ...prescription.prescribingPhysician,
      name: header.name,
      crm: registryLineOf(header),
    },
  };
}
