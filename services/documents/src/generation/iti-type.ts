import { ITI_DOCUMENT_TYPES, type ItiDocumentType } from '@pv/signing';

// Which ITI document type (arc 2.16.76.1.12.1, docs/signature.md) each document of the product
// is: a decision of the domain, carried to the layout in the render job (`itiType`).

/**
 * The product's document types as the ITI arc names them. Prescriptions, certificates, exam
 * requests and the consultation summary have their own OID; the other documents (guidance,
 * meal plan, free text) are reports written by the professional.
 */
const ITI_TYPE_BY_DOCUMENT: Record<string, ItiDocumentType> = {
  receituario: 'prescription',
  hospitalar: 'prescription',
  ambulatorial: 'prescription',
  controlada: 'prescription',
  atestado_medico: 'medicalCertificate',
  pedido_exames: 'examRequest',
  resumo_consulta: 'clinicalRecord',
};

export function itiTypeFor(documentType: string): ItiDocumentType {
  return ITI_TYPE_BY_DOCUMENT[documentType] ?? 'medicalReport';
}

export const itiLabel = (type: ItiDocumentType) => ITI_DOCUMENT_TYPES[type].label;
