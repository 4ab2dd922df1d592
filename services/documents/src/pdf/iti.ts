import { SigningMessages } from '@pv/contracts';
import {
  ITI_DOCUMENT_TYPES,
  type ItiDocumentType,
  itiInfoEntries,
  type ProfessionalRegistration,
} from '@pv/signing';
import type { Content, ContentStack, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { PdfHeader, PdfVerification, RenderPdfPayload } from './jobs.js';

// What the ITI validator (validar.iti.gov.br) reads from every PDF: the Info dictionary's
// document-type and council-registration OIDs, and on a signed PDF the verification code and
// the QR code of its verify URL. Sources of the OIDs: docs/signature.md.

// "CRM/SP 123456", "CRM-SP 123.456", "CRM 123456/SP", "CRM 123456 SP", "COREN/RJ 98765-ENF"
const COUNCIL_FIRST =
  /^\s*([A-Za-z]{2,8})\s*[/\-\s]\s*([A-Za-z]{2})\s*[:\-\s]?\s*(\d[\d.-]*[A-Za-z]{0,4})\s*$/;
const NUMBER_FIRST =
  /^\s*([A-Za-z]{2,8})\s*[:\-\s]?\s*(\d[\d.-]*[A-Za-z]{0,4})\s*[/\-\s]\s*([A-Za-z]{2})\s*$/;

/**
 * The professional's council registration from the header the PDF prints: its structured fields
 * when present, else parsed from the printed `registry` line. Null when it cannot be read (the
 * PDF then carries the document type only).
 */
export function registrationOf(header: PdfHeader): ProfessionalRegistration | null {
  if (header.council && header.registryNumber && header.registryUf) {
    return { council: header.council, number: header.registryNumber, uf: header.registryUf };
  }
  const line = header.registry.slice(0, 100);
  const first = COUNCIL_FIRST.exec(line);
  if (first) return { council: first[1]!, uf: first[2]!.toUpperCase(), number: first[3]! };
  const last = NUMBER_FIRST.exec(line);
  if (last) return { council: last[1]!, number: last[2]!, uf: last[3]!.toUpperCase() };
  return null;
}

/** The verification block of a signed PDF: QR code of the verify URL and the code to type. */
export function verificationBlock(verification: PdfVerification): Content {
  return {
    margin: [0, 24, 0, 0],
    unbreakable: true,
    columns: [
      { qr: verification.url, fit: 92, width: 100 },
      {
        width: '*',
        margin: [8, 4, 0, 0],
        stack: [
          verification.extraRoot
            ? { text: SigningMessages.extraRootNotice, style: 'label', color: '#b00020' }
            : { text: 'Documento assinado digitalmente (ICP-Brasil)', style: 'label' },
          {
            text: 'Verifique a assinatura em validar.iti.gov.br lendo o QR code ou acessando:',
            style: 'small',
          },
          { text: verification.url, style: 'small' },
          {
            text: `Código de verificação: ${verification.code}`,
            style: 'label',
            margin: [0, 4, 0, 0],
          },
        ],
      },
    ],
  };
}

/** Adds the ITI Info entries (every PDF) and the verification block (signed PDFs). */
export function withItiData(
  definition: TDocumentDefinitions,
  payload: RenderPdfPayload,
): TDocumentDefinitions {
  const itiType = (payload.itiType ?? 'medicalReport') as ItiDocumentType;
  const info = {
    ...definition.info,
    ...itiInfoEntries({
      documentType: itiType in ITI_DOCUMENT_TYPES ? itiType : 'medicalReport',
      professional: registrationOf(payload.header),
    }),
  };
  if (!payload.verification) return { ...definition, info };
  const { verification } = payload;
  const content = Array.isArray(definition.content) ? definition.content : [definition.content];
  // The RCE's copies are separate sheets (the pharmacy retains the 1st): each carries the block
  // (its own node: pdfmake lays a node out once).
  if (payload.kind === 'controlled')
    return {
      ...definition,
      info,
      content: content.map((copy): Content => {
        if (typeof copy !== 'object' || copy === null || !('stack' in copy)) return copy;
        const stack = copy as ContentStack;
        return { ...stack, stack: [...stack.stack, verificationBlock(verification)] };
      }),
    };
  return { ...definition, info, content: [...content, verificationBlock(verification)] };
}
