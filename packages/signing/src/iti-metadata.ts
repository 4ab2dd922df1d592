/**
 * The custom entries of the PDF Info dictionary that the ITI validator (validar.iti.gov.br)
 * reads from health documents: the document type and the professional's council registration.
 * Sources and how sure each OID is: docs/signature.md.
 */

/** Health document types of the ITI arc 2.16.76.1.12.1. */
export const ITI_DOCUMENT_TYPES = {
  prescription: { oid: '2.16.76.1.12.1.1', label: 'Prescrição de medicamento' },
  medicalCertificate: { oid: '2.16.76.1.12.1.2', label: 'Atestado médico' },
  examRequest: { oid: '2.16.76.1.12.1.3', label: 'Solicitação de exame' },
  laboratoryReport: { oid: '2.16.76.1.12.1.4', label: 'Laudo laboratorial' },
  dischargeSummary: { oid: '2.16.76.1.12.1.5', label: 'Sumária de alta' },
  clinicalRecord: { oid: '2.16.76.1.12.1.6', label: 'Registro de atendimento clínico' },
  dispensing: { oid: '2.16.76.1.12.1.7', label: 'Dispensação de medicamento' },
  medicalReport: { oid: '2.16.76.1.12.1.11', label: 'Relatório médico' },
} as const;
export type ItiDocumentType = keyof typeof ITI_DOCUMENT_TYPES;

/**
 * ICP-Brasil arcs of the professional councils (2.16.76.1.4.2.n); under each, .1 is the
 * registration number, .2 its UF and .3 the specialty. `confirmed` is true where the ITI
 * developer guide names the council (physicians and pharmacists, the two it validates).
 */
export const COUNCIL_OID_ARCS = {
  CRM: { arc: '2.16.76.1.4.2.2', council: 'Conselho Federal de Medicina', confirmed: true },
  CRF: { arc: '2.16.76.1.4.2.3', council: 'Conselho Federal de Farmácia', confirmed: true },
  CRBio: { arc: '2.16.76.1.4.2.4', council: 'Conselho Federal de Biologia', confirmed: false },
  CRBM: { arc: '2.16.76.1.4.2.5', council: 'Conselho Federal de Biomedicina', confirmed: false },
  CREF: {
    arc: '2.16.76.1.4.2.6',
    council: 'Conselho Federal de Educação Física',
    confirmed: false,
  },
  COREN: { arc: '2.16.76.1.4.2.7', council: 'Conselho Federal de Enfermagem', confirmed: false },
  CREFITO: {
    arc: '2.16.76.1.4.2.8',
    council: 'Conselho Federal de Fisioterapia e Terapia Ocupacional',
    confirmed: false,
  },
  CRFa: { arc: '2.16.76.1.4.2.9', council: 'Conselho Federal de Fonoaudiologia', confirmed: false },
  CRMV: {
    arc: '2.16.76.1.4.2.10',
    council: 'Conselho Federal de Medicina Veterinária',
    confirmed: false,
  },
  CRN: { arc: '2.16.76.1.4.2.11', council: 'Conselho Federal de Nutricionistas', confirmed: false },
  CRO: { arc: '2.16.76.1.4.2.12', council: 'Conselho Federal de Odontologia', confirmed: false },
  CRP: { arc: '2.16.76.1.4.2.13', council: 'Conselho Federal de Psicologia', confirmed: false },
  CRESS: {
    arc: '2.16.76.1.4.2.14',
    council: 'Conselho Federal de Serviço Social',
    confirmed: false,
  },
  CRTR: {
    arc: '2.16.76.1.4.2.15',
    council: 'Conselho Nacional de Técnicos em Radiologia',
    confirmed: false,
  },
  CRQ: { arc: '2.16.76.1.4.2.16', council: 'Conselho Federal de Química', confirmed: false },
} as const;
export type CouncilCode = keyof typeof COUNCIL_OID_ARCS;

const UFS = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

export interface ProfessionalRegistration {
  /** A council of COUNCIL_OID_ARCS; anything else ('OUTRO') adds no registration entries. */
  council: string;
  number: string;
  uf: string;
  specialty?: string | null;
}

export interface ItiMetadataInput {
  documentType: ItiDocumentType;
  /** From the account, never from the request body. */
  professional?: ProfessionalRegistration | null;
}

const COUNCILS_BY_UPPER_CASE = new Map(
  (Object.keys(COUNCIL_OID_ARCS) as CouncilCode[]).map((code) => [code.toUpperCase(), code]),
);
// Info values are PDF text strings; keep them short and single-line.
const clean = (value: string, max: number) => value.replace(/\s+/g, ' ').trim().slice(0, max);

/**
 * The Info dictionary entries for one document, keyed by OID. Pass them in pdfmake's `info`
 * (pdfmake 0.3 writes custom keys through to the Info dictionary; empty values are dropped,
 * so none are produced here). Signing keeps the Info dictionary.
 *
 * @example
 * info: { title, ...itiInfoEntries({ documentType: 'prescription',
 *   professional: { council: 'CRM', number: '123456', uf: 'SP' } }) }
 * // { '2.16.76.1.12.1.1': 'Prescrição de medicamento',
 * //   '2.16.76.1.4.2.2.1': '123456', '2.16.76.1.4.2.2.2': 'SP' }
 */
export function itiInfoEntries(input: ItiMetadataInput): Record<string, string> {
  const type = ITI_DOCUMENT_TYPES[input.documentType];
  const entries: Record<string, string> = { [type.oid]: type.label };
  const professional = input.professional;
  if (!professional) return entries;
  const council = COUNCILS_BY_UPPER_CASE.get(professional.council.trim().toUpperCase());
  if (!council) return entries;
  const arc = COUNCIL_OID_ARCS[council].arc;
  const number = clean(professional.number, 20);
  const uf = professional.uf.trim().toUpperCase();
  const specialty = clean(professional.specialty ?? '', 100);
  if (number) entries[`${arc}.1`] = number;
  if (UFS.has(uf)) entries[`${arc}.2`] = uf;
  if (specialty) entries[`${arc}.3`] = specialty;
  return entries;
}
