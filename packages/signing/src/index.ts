export { a1SigningKey, openA1Signer } from './a1.js';
export {
  type CertificateInfo,
  type CertificateRegistration,
  describeCertificate,
  type InspectOptions,
  inspectPkcs12,
} from './certificate.js';
export { AD_RB_V1_3, type SignaturePolicy } from './cms.js';
export {
  CertificateError,
  type CertificateErrorCode,
  CertificateMessages,
  isCertificateError,
  MAX_PKCS12_BYTES,
} from './errors.js';
export {
  COUNCIL_OID_ARCS,
  type CouncilCode,
  ITI_DOCUMENT_TYPES,
  type ItiDocumentType,
  type ItiMetadataInput,
  itiInfoEntries,
  type ProfessionalRegistration,
} from './iti-metadata.js';
export { ICP_BRASIL_ROOT_FINGERPRINTS, ICP_BRASIL_ROOTS, type TrustAnchor } from './roots.js';
export {
  createPadesSigner,
  type PadesSignerOptions,
  type PdfSignatureOptions,
  type Signer,
  type SigningKey,
} from './signer.js';
export { readExtraTrustRoots } from './trust.js';
