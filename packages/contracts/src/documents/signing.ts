import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../common.js';
import {
  ITI_VALIDATOR_FORMAT,
  SIGNING_PASSWORD_MAX_LENGTH,
  SigningMessages,
  VERIFICATION_CODE_PATTERN,
} from '../constants/documents.js';

// Signing a PDF with the caller's A1 certificate, the stored certificate itself, and the ITI
// validator's way to check a signed PDF (its QR code's link and the file it downloads).

/**
 * Asks for the PDF signed (PAdES) with the caller's stored A1 certificate (Premium). The password
 * opens the certificate for this one PDF; it is never stored, logged or echoed.
 */
export const SignatureRequestSchema = Type.Object({
  password: Type.String({
    minLength: 1,
    maxLength: SIGNING_PASSWORD_MAX_LENGTH,
    errorMessage: SigningMessages.noPassword,
  }),
});
export type SignatureRequest = Static<typeof SignatureRequestSchema>;
export const signature = Type.Optional(SignatureRequestSchema);

/** What a signing certificate says (PUT/GET /api/signing-certificate). */
export const SigningCertificateSchema = Type.Object({
  /** The holder's common name (ICP-Brasil e-CPF: "NAME:CPF"). */
  subjectName: Type.String(),
  /** 11 digits from the ICP-Brasil otherName 2.16.76.1.3.1, or null. */
  cpf: Nullable(Type.String()),
  issuerName: Type.String(),
  notBefore: Type.String({ format: 'date-time' }),
  notAfter: Type.String({ format: 'date-time' }),
  /** Whether its chain ends in an ICP-Brasil root shipped with the product. */
  icpBrasil: Type.Boolean(),
  /** Issue 23: 'extra' when it chains to a root of SIGNING_EXTRA_TRUST_ROOTS instead. */
  trustRoot: Type.Optional(Type.Union([Type.Literal('icp-brasil'), Type.Literal('extra')])),
});
export type SigningCertificate = Static<typeof SigningCertificateSchema>;

const VerificationCodeSchema = Type.String({
  pattern: VERIFICATION_CODE_PATTERN,
  errorMessage: SigningMessages.wrongCode,
});
export const SignedDocumentParamsSchema = Type.Object({
  // Not `format: uuid`: any other id is simply unknown (404), as the ITI validator expects.
  id: Type.String({ minLength: 1, maxLength: 64 }),
});
export const VerifyDocumentQuerySchema = Type.Object({
  // An unescaped '+' in a query string reads as a space: both spellings are the ITI format.
  _format: Type.Optional(
    Type.Union(
      [Type.Literal(ITI_VALIDATOR_FORMAT), Type.Literal(ITI_VALIDATOR_FORMAT.replace('+', ' '))],
      { errorMessage: SigningMessages.badFormat },
    ),
  ),
  _secretCode: Type.Optional(VerificationCodeSchema),
});
export const SignedDocumentFileQuerySchema = Type.Object({
  _secretCode: Type.Optional(VerificationCodeSchema),
});

/** The ITI validator's answer format: where to download the signed file. */
export const ItiVerificationSchema = Type.Object({
  version: Type.Literal('1.0.0'),
  prescription: Type.Object({
    signatureFiles: Type.Array(Type.Object({ url: Type.String() })),
  }),
});
export type ItiVerification = Static<typeof ItiVerificationSchema>;
