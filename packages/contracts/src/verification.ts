// Verified professional identity and e-mail ownership (issue 23, docs/professional-identity.md
// "Verification"). New schemas only: the existing user shapes gain optional fields that point here.
import { type Static, Type } from '@sinclair/typebox';
import { DateTimeSchema, MessageSchema, Nullable, UuidSchema } from './common.js';
import { defineRoute } from './route.js';

export const VERIFICATION_STATES = ['pendente', 'verificado', 'recusado'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];
export const VerificationStateSchema = Type.Union(VERIFICATION_STATES.map((s) => Type.Literal(s)));

/** How a registry/CPF came to be verified. */
export const VERIFICATION_METHODS = [
  'certificado-icp-brasil',
  'revisao-equipe',
  'consulta-conselho',
] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export const VerificationMethodSchema = Type.Union(
  VERIFICATION_METHODS.map((s) => Type.Literal(s)),
);

/** What the professional (and the console) see of the verification of registry and CPF. */
export const ProfessionalVerificationSchema = Type.Object(
  {
    state: VerificationStateSchema,
    /** verificado: by what. */
    method: Nullable(VerificationMethodSchema),
    /** verificado/recusado: when. */
    decidedAt: Nullable(DateTimeSchema),
    /** verificado/recusado by staff: the staff member's e-mail; by certificate: its subject. */
    decidedBy: Nullable(Type.String()),
    /** recusado: why (shown to the professional). */
    reason: Nullable(Type.String()),
    /** Evidence (a council card) waits for staff review. */
    evidenceSubmitted: Type.Boolean(),
  },
  { title: 'ProfessionalVerification' },
);
export type ProfessionalVerification = Static<typeof ProfessionalVerificationSchema>;

/**
 * What auth.user.changed.v1 carries of it (optional: v1 events before issue 23 have none, read
 * as pendente). The CPF travels only once verified: documents checks a signing certificate's CPF
 * against it.
 */
export const ChangedUserVerificationSchema = Type.Object({
  state: VerificationStateSchema,
  verifiedCpf: Nullable(Type.String({ pattern: '^\\d{11}$' })),
  decidedAt: Nullable(DateTimeSchema),
});
export type ChangedUserVerification = Static<typeof ChangedUserVerificationSchema>;

export const VerificationMessages = {
  /** 422 PROFESSIONAL_NOT_VERIFIED: RCE and digital signatures before verification. */
  notVerified:
    'Sua identificação profissional (registro no conselho e CPF) ainda não foi verificada. Para emitir Receituário de Controle Especial e assinar documentos, envie seu certificado ICP-Brasil ou uma foto da carteira do conselho em Minha Área > Perfil > Verificação profissional e aguarde a aprovação.',
  /** 422 PROFESSIONAL_NOT_VERIFIED for a visitor's RCE. */
  notVerifiedAnonymous:
    'O Receituário de Controle Especial só é emitido por profissionais com identificação verificada. Entre na sua conta e verifique seu registro e CPF em Minha Área > Perfil > Verificação profissional.',
  cpfInvalid: 'CPF inválido: confira os 11 algarismos (ex.: 123.456.789-09).',
  profileIncomplete:
    'Antes de pedir a verificação, preencha no perfil o conselho, a UF, o número do registro e o CPF.',
  alreadyVerified: 'Sua identificação profissional já está verificada.',
  certificateCpfMismatch:
    'O CPF deste certificado não é o CPF do seu perfil. Envie o certificado ICP-Brasil emitido em seu nome ou corrija o CPF no perfil.',
  certificateNoCpf:
    'Este certificado não traz um CPF (campo ICP-Brasil 2.16.76.1.3.1). Envie seu certificado e-CPF.',
  certificateRegistryMismatch:
    'O registro profissional deste certificado não é o do seu perfil. Confira conselho, UF e número no perfil.',
  certificateUntrusted:
    'Este certificado não foi emitido pela ICP-Brasil. Use um certificado e-CPF de uma Autoridade Certificadora credenciada pela ICP-Brasil.',
  evidenceType: 'Envie uma foto (JPG ou PNG) ou um PDF da carteira do conselho.',
  evidenceTooLarge: 'O arquivo passa do limite de 5 MB. Envie uma foto menor ou um PDF mais leve.',
  evidenceUnavailable:
    'O envio de documentos para verificação está indisponível no momento. Tente novamente mais tarde ou envie seu certificado ICP-Brasil.',
  evidenceReceived:
    'Documento recebido. A equipe vai conferir seu registro e você verá o resultado no seu perfil.',
  verifiedByCertificate: 'Identificação profissional verificada pelo certificado ICP-Brasil.',
  reasonRequired: 'Informe o motivo da recusa (o profissional vai lê-lo).',
  notPending: 'Esta verificação não está pendente.',
  approved: 'Identificação profissional aprovada.',
  refused: 'Identificação profissional recusada.',
  noEvidence: 'Não há documento enviado para esta verificação.',
  evidenceUnreadable:
    'O arquivo não parece ser uma foto (JPG ou PNG) nem um PDF. Envie a foto ou o PDF da carteira do conselho.',
  certificateInvalidFile:
    'O arquivo do certificado não pôde ser lido. Envie o arquivo .pfx ou .p12.',
} as const;

export const EVIDENCE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const MAX_EVIDENCE_BYTES = 5 * 1024 * 1024;

export const VerificationCertificateBodySchema = Type.Object({
  /** The A1 file (.pfx/.p12), base64. */
  certificateBase64: Type.String({ minLength: 1, maxLength: 100_000 }),
  password: Type.String({ maxLength: 256 }),
});
export type VerificationCertificateBody = Static<typeof VerificationCertificateBodySchema>;

export const VerificationEvidenceBodySchema = Type.Object({
  contentType: Type.String({ maxLength: 100 }),
  /** The photo or PDF of the council card, base64 (at most 5 MB decoded). */
  dataBase64: Type.String({ minLength: 1, maxLength: Math.ceil(MAX_EVIDENCE_BYTES / 3) * 4 }),
});
export type VerificationEvidenceBody = Static<typeof VerificationEvidenceBodySchema>;

export const VerificationRefuseBodySchema = Type.Object({
  reason: Type.String({ maxLength: 500 }),
});
export type VerificationRefuseBody = Static<typeof VerificationRefuseBodySchema>;

/** One professional waiting for staff review, as the console's 'Verificações' tab lists it. */
export const VerificationQueueEntrySchema = Type.Object(
  {
    userId: UuidSchema,
    fullName: Type.String(),
    email: Type.String(),
    professionalRegistry: Nullable(Type.String()),
    registryUf: Nullable(Type.String()),
    registryNumber: Nullable(Type.String()),
    cpf: Nullable(Type.String()),
    state: VerificationStateSchema,
    evidenceContentType: Nullable(Type.String()),
    requestedAt: Nullable(DateTimeSchema),
  },
  { title: 'VerificationQueueEntry' },
);
export type VerificationQueueEntry = Static<typeof VerificationQueueEntrySchema>;

const UserIdParams = Type.Object({ userId: UuidSchema });
const tags = ['auth', 'verification'];
const adminTags = ['auth', 'admin', 'verification'];

export const VerificationRoutes = {
  mine: defineRoute({
    method: 'GET',
    url: '/api/profile/verification',
    access: 'user',
    summary: "The signed-in professional's verification state",
    tags,
    response: { 200: ProfessionalVerificationSchema },
  }),
  byCertificate: defineRoute({
    method: 'POST',
    url: '/api/profile/verification/certificate',
    access: 'user',
    summary:
      'Verify registry and CPF automatically with an ICP-Brasil A1 certificate (its CPF must be the profile one)',
    tags,
    body: VerificationCertificateBodySchema,
    response: { 200: ProfessionalVerificationSchema },
    bodyLimit: 256 * 1024,
  }),
  submitEvidence: defineRoute({
    method: 'POST',
    url: '/api/profile/verification/evidence',
    access: 'user',
    summary: 'Send a photo or PDF of the council card for staff review (kept encrypted)',
    tags,
    body: VerificationEvidenceBodySchema,
    response: { 202: MessageSchema },
    bodyLimit: 8 * 1024 * 1024,
  }),
  adminQueue: defineRoute({
    method: 'GET',
    url: '/api/admin/verifications',
    access: 'admin',
    summary: "The 'Verificações' queue: professionals whose registry/CPF wait for review",
    tags: adminTags,
    response: { 200: Type.Array(VerificationQueueEntrySchema) },
  }),
  adminEvidence: defineRoute({
    method: 'GET',
    url: '/api/admin/verifications/:userId/evidence',
    access: 'admin',
    summary: "The professional's evidence (decrypted for the reviewer; deleted at the decision)",
    tags: adminTags,
    params: UserIdParams,
    response: { 200: Type.Unknown() },
  }),
  adminApprove: defineRoute({
    method: 'POST',
    url: '/api/admin/verifications/:userId/approve',
    access: 'admin',
    summary: 'Approve the registry and CPF (audited)',
    tags: adminTags,
    params: UserIdParams,
    response: { 200: MessageSchema },
  }),
  adminRefuse: defineRoute({
    method: 'POST',
    url: '/api/admin/verifications/:userId/refuse',
    access: 'admin',
    summary: 'Refuse the registry and CPF with a reason (audited)',
    tags: adminTags,
    params: UserIdParams,
    body: VerificationRefuseBodySchema,
    response: { 200: MessageSchema },
  }),
};

/** CPF check digits (Receita Federal's modulo-11 rule); `digits` is 11 digits already. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** '123.456.789-09' or '12345678909' -> '12345678909'; anything else -> null. */
export function normalizeCpf(value: string): string | null {
  const digits = value.replace(/[.\-\s]/g, '');
  return isValidCpf(digits) ? digits : null;
}
