import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// Issue 23: the CPF, the verification of registry + CPF (every existing account starts
// 'pendente'), the staff-review evidence (encrypted, deleted at the decision) and the e-mail
// ownership (existing accounts are not confirmed: docs/professional-identity.md "Migrating").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('cpf', 'text', (c) => c.check(sql`cpf ~ '^[0-9]{11}$'`))
    .addColumn('verification_state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pendente')
        .check(sql`verification_state IN ('pendente', 'verificado', 'recusado')`),
    )
    .addColumn('verification_method', 'text')
    .addColumn('verification_decided_at', 'timestamptz')
    .addColumn('verification_decided_by', 'text')
    .addColumn('verification_reason', 'text')
    // When evidence for staff review was sent (cleared at the decision, with the evidence).
    .addColumn('verification_evidence_at', 'timestamptz')
    .addColumn('email_verified_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('verification_evidence')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    // AES-256-GCM under VERIFICATION_EVIDENCE_KEY: nonce (12) | ciphertext | tag (16).
    .addColumn('sealed', 'bytea', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('email_verification_tokens')
    // SHA-256 of the link's token: the token itself is only in the mail.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX email_verification_tokens_user ON email_verification_tokens (user_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX users_verification_queue ON users (verification_state) WHERE verification_state = 'pendente'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verification_tokens').execute();
  await db.schema.dropTable('verification_evidence').execute();
  await sql`DROP INDEX IF EXISTS users_verification_queue`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('cpf')
    .dropColumn('verification_state')
    .dropColumn('verification_method')
    .dropColumn('verification_decided_at')
    .dropColumn('verification_decided_by')
    .dropColumn('verification_reason')
    .dropColumn('verification_evidence_at')
    .dropColumn('email_verified_at')
    .execute();
}
