import type { AuthDb, TermsVersionRow } from '../db/schema.js';

export async function findActiveTerms(db: AuthDb): Promise<TermsVersionRow | undefined> {
  return db
    .selectFrom('terms_versions')
    .selectAll()
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export async function findTermsById(db: AuthDb, id: string): Promise<TermsVersionRow | undefined> {
  return db.selectFrom('terms_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listTerms(db: AuthDb): Promise<TermsVersionRow[]> {
  return db.selectFrom('terms_versions').selectAll().orderBy('created_at', 'desc').execute();
}

export async function deactivateAllTerms(db: AuthDb, exceptId?: string): Promise<void> {
  let query = db
    .updateTable('terms_versions')
    .set({ is_active: false, updated_at: new Date() })
    .where('is_active', '=', true);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

export async function insertTerms(
  db: AuthDb,
  terms: {
    version: string;
    title: string;
    content: string;
    isActive: boolean;
    effectiveDate: Date;
  },
): Promise<TermsVersionRow> {
  return db
    .insertInto('terms_versions')
    .values({
      version: terms.version,
      title: terms.title,
      content: terms.content,
      is_active: terms.isActive,
      effective_date: terms.effectiveDate,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTerms(
  db: AuthDb,
  id: string,
  patch: Partial<{
    version: string;
    title: string;
    content: string;
    is_active: boolean;
    effective_date: Date;
  }>,
): Promise<TermsVersionRow | undefined> {
  return db
    .updateTable('terms_versions')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTerms(db: AuthDb, id: string): Promise<void> {
  await db.deleteFrom('terms_versions').where('id', '=', id).execute();
}

export async function termsWereAccepted(db: AuthDb, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('terms_acceptances')
    .select('id')
    .where('terms_version_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordAcceptance(
  db: AuthDb,
  acceptance: {
    userId: string;
    termsVersionId: string;
    version: string;
    ipAddress: string;
    userAgent: string;
  },
): Promise<void> {
  await db
    .insertInto('terms_acceptances')
    .values({
      user_id: acceptance.userId,
      terms_version_id: acceptance.termsVersionId,
      version: acceptance.version,
      ip_address: acceptance.ipAddress,
      user_agent: acceptance.userAgent,
    })
    .execute();
}
