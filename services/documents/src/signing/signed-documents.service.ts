import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type ItiVerification, SigningMessages } from '@pv/contracts';
import type { QuotaClient } from '@pv/service-clients';
import { AppError, notFound } from '@pv/service-kit/http';
import type { PdfVerification } from '../pdf/jobs.js';
import { EnvelopeError, type KeyWrapper, open, seal, signedPdfAad } from './envelope.js';
import type { SignedDocumentStore } from './signed-documents.repository.js';

export interface SignedDocumentsDeps {
  store: SignedDocumentStore;
  /**
   * The certificates' KeyWrapper (SIGNING_KEK): each kept PDF is sealed under its own data key.
   * Undefined: nothing can be signed, and a kept document cannot be opened (503).
   */
  keys: KeyWrapper | undefined;
  /** {PUBLIC_URL}: the gateway's public origin. */
  publicUrl: string;
  retentionDays: number;
  /** Billing's storage limit, checked before a signed PDF is kept; unset, not limited. */
  quota?: QuotaClient;
}

// Upper-case letters and digits without 0/O and 1/I, which people misread when typing a printed
// code; 16 of them are 80 bits, so guessing is hopeless within the per-address rate limit.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

export function verificationCode(): string {
  const random = randomBytes(CODE_LENGTH);
  let code = '';
  // 256 is a multiple of 32: every letter equally likely.
  for (const byte of random) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document about to be signed: its id, code and what the PDF prints. */
export interface SignedDocumentTicket {
  id: string;
  code: string;
  verification: PdfVerification;
}

/**
 * Signed PDFs kept for verification: the ITI validator (or the patient) opens the verify URL of
 * the QR code with the printed code and downloads the same bytes.
 */
export class SignedDocumentsService {
  constructor(private readonly deps: SignedDocumentsDeps) {}

  private url(id: string, path: 'verify' | 'file') {
    return `${this.deps.publicUrl}/api/documents/${id}/${path}`;
  }

  ticket(): SignedDocumentTicket {
    const id = randomUUID();
    const code = verificationCode();
    return { id, code, verification: { code, url: this.url(id, 'verify') } };
  }

  async keep(
    ticket: SignedDocumentTicket,
    userId: string,
    documentType: string,
    pdf: Buffer,
    credentials: Record<string, string> = {},
  ) {
    // Past the plan's storage limit the PDF is not kept, so it is not handed out either: its QR
    // code would point at nothing (429 with billing's message).
    await this.deps.quota?.checkStorage(pdf.byteLength, credentials);
    const expiresAt = new Date(Date.now() + this.deps.retentionDays * 86_400_000);
    // At rest the PDF is sealed under a data key of its own, bound to its owner and id: a
    // ciphertext copied into another row (Postgres or bucket) does not open.
    const envelope = await seal(this.keys(), pdf, signedPdfAad(userId, ticket.id));
    await this.deps.store.save({
      id: ticket.id,
      userId,
      codeHash: hashCode(ticket.code),
      documentType,
      pdf: envelope.ciphertext,
      sealing: { keyId: envelope.keyId, wrappedKey: envelope.wrappedKey, nonce: envelope.nonce },
      expiresAt,
    });
    // Retention: each signing removes a few expired documents, so the table never holds more
    // than it must without a scheduler of its own.
    await this.deps.store.purgeExpired(10);
  }

  /** The PDF when the code matches: 404 unknown (or expired), 401 wrong or missing code. */
  async file(id: string, code: string | undefined): Promise<Buffer> {
    const found = UUID.test(id) ? await this.deps.store.find(id) : undefined;
    if (!found) throw notFound(SigningMessages.unknownDocument, 'UNKNOWN_DOCUMENT');
    if (!code || !timingSafeEqual(hashCode(code), found.codeHash))
      throw new AppError(401, 'WRONG_CODE', SigningMessages.wrongCode);
    try {
      const { plaintext, dataKey } = await open(
        this.keys(),
        { ...found.sealing, ciphertext: found.pdf },
        signedPdfAad(found.userId, id),
      );
      dataKey.fill(0);
      return plaintext;
    } catch (error) {
      // Altered, or another document's bytes copied into this row: refused, never served.
      if (error instanceof EnvelopeError)
        throw new AppError(500, 'SIGNED_DOCUMENT_UNREADABLE', SigningMessages.documentUnreadable);
      throw error;
    }
  }

  private keys(): KeyWrapper {
    if (!this.deps.keys)
      throw new AppError(503, 'SIGNING_UNAVAILABLE', SigningMessages.unavailable);
    return this.deps.keys;
  }

  /** The ITI validator's answer: where the signed file is. */
  async verify(id: string, code: string | undefined): Promise<ItiVerification> {
    await this.file(id, code);
    const url = `${this.url(id, 'file')}?_secretCode=${encodeURIComponent(code!)}`;
    return { version: '1.0.0', prescription: { signatureFiles: [{ url }] } };
  }
}
