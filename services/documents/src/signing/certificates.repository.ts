import type { SigningCertificate } from '@pv/contracts';
import type { DocumentsKysely } from '../db/schema.js';
import type { Envelope } from './envelope.js';

/** A stored certificate: its encrypted file and what it says. */
export interface StoredCertificate {
  envelope: Envelope;
  info: SigningCertificate;
}

/** The signing_certificates table: one encrypted A1 file per user. */
export class CertificatesRepository {
  constructor(private readonly db: DocumentsKysely) {}

  async put(userId: string, stored: StoredCertificate): Promise<void> {
    const row = {
      key_id: stored.envelope.keyId,
      wrapped_key: stored.envelope.wrappedKey,
      nonce: stored.envelope.nonce,
      ciphertext: stored.envelope.ciphertext,
      info: JSON.stringify(stored.info),
    };
    await this.db
      .insertInto('signing_certificates')
      .values({ user_id: userId, ...row })
      .onConflict((c) => c.column('user_id').doUpdateSet({ ...row, created_at: new Date() }))
      .execute();
  }

  async find(userId: string): Promise<StoredCertificate | undefined> {
    const row = await this.db
      .selectFrom('signing_certificates')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      envelope: {
        keyId: row.key_id,
        wrappedKey: row.wrapped_key,
        nonce: row.nonce,
        ciphertext: row.ciphertext,
      },
      info: row.info as SigningCertificate,
    };
  }

  async findInfo(userId: string): Promise<SigningCertificate | undefined> {
    const row = await this.db
      .selectFrom('signing_certificates')
      .select('info')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.info as SigningCertificate | undefined;
  }

  /** Answers whether there was one. */
  async delete(userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('signing_certificates')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
