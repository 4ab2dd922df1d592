import type { SigningCertificate } from '@pv/contracts';
import { changeStoredBytes } from '@pv/service-clients';
import { sql } from 'kysely';
import type { DocumentsDb, DocumentsKysely } from '../db/schema.js';
import type { Envelope } from './envelope.js';

/** A stored certificate: its encrypted file and what it says. */
export interface StoredCertificate {
  /** The row's id, new with each upload: bound into the envelope with the owner. */
  id: string;
  envelope: Envelope;
  info: SigningCertificate;
}

/** The signing_certificates table: one encrypted A1 file per user. */
export class CertificatesRepository {
  constructor(private readonly db: DocumentsKysely) {}

  /** What the user's certificate takes (its encrypted file), reported to billing on each change. */
  private storage(userId: string) {
    return {
      userId,
      source: 'signing-certificate' as const,
      measure: async (trx: DocumentsDb) => {
        const row = await trx
          .selectFrom('signing_certificates')
          .select(sql<string>`coalesce(sum(octet_length(ciphertext)), 0)`.as('bytes'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return Number(row.bytes);
      },
    };
  }

  async put(userId: string, stored: StoredCertificate): Promise<void> {
    const row = {
      id: stored.id,
      key_id: stored.envelope.keyId,
      wrapped_key: stored.envelope.wrappedKey,
      nonce: stored.envelope.nonce,
      ciphertext: stored.envelope.ciphertext,
      info: JSON.stringify(stored.info),
    };
    await changeStoredBytes(this.db, this.storage(userId), (trx) =>
      trx
        .insertInto('signing_certificates')
        .values({ user_id: userId, ...row })
        .onConflict((c) => c.column('user_id').doUpdateSet({ ...row, created_at: new Date() }))
        .execute(),
    );
  }

  async find(userId: string): Promise<StoredCertificate | undefined> {
    const row = await this.db
      .selectFrom('signing_certificates')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
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
    const result = await changeStoredBytes(this.db, this.storage(userId), (trx) =>
      trx.deleteFrom('signing_certificates').where('user_id', '=', userId).executeTakeFirst(),
    );
    return result.numDeletedRows > 0n;
  }
}
