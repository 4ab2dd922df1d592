import {
  CreateTermsBodySchema,
  Messages,
  type TermsVersion,
  UpdateTermsBodySchema,
} from '@pv/contracts';
import { contentChangeDetails, recordStaffAccess, type StaffActor } from '@pv/service-clients';
import { conflict, notFound } from '@pv/service-kit/http';
import { isUniqueViolation } from '@pv/service-kit/runtime';
import type { Static } from '@sinclair/typebox';
import type { AuthDb, AuthKysely, TermsVersionRow } from '../db/schema.js';
import {
  deactivateAllTerms,
  deleteTerms,
  findActiveTerms,
  findTermsById,
  insertTerms,
  listTerms,
  termsWereAccepted,
  updateTerms,
} from './terms.repository.js';

export function toTermsVersion(row: TermsVersionRow): TermsVersion {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    content: row.content,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    effectiveDate: row.effective_date.toISOString(),
  };
}

/** Terms of use versions; at most one is active (also enforced by a unique partial index). */
export class TermsService {
  constructor(
    private readonly db: AuthKysely,
    /** Kicked after a change: each one enqueues its audit entry. */
    private readonly relay?: { kick(): void },
  ) {}

  /** Every change of a terms version is audited (issue 23 item 9): fields and sizes, no text. */
  private audit(
    trx: AuthDb,
    staff: StaffActor,
    action: 'content.create' | 'content.update' | 'content.delete',
    id: string,
    sent?: { body: unknown; schema: { properties: Record<string, unknown> } },
  ) {
    return recordStaffAccess(trx, staff, {
      service: 'auth',
      action,
      targetType: 'terms-version',
      targetId: id,
      details: sent ? contentChangeDetails(sent.body, sent.schema) : {},
    });
  }

  async current() {
    const row = await findActiveTerms(this.db);
    if (!row) throw notFound(Messages.noCurrentTerms, 'NO_CURRENT_TERMS');
    return {
      version: row.version,
      title: row.title,
      content: row.content,
      effectiveDate: row.effective_date.toISOString(),
    };
  }

  async list(): Promise<TermsVersion[]> {
    return (await listTerms(this.db)).map(toTermsVersion);
  }

  async create(
    staff: StaffActor,
    body: Static<typeof CreateTermsBodySchema>,
  ): Promise<TermsVersion> {
    return this.written(() =>
      this.db.transaction().execute(async (trx) => {
        if (body.isActive) await deactivateAllTerms(trx);
        const inserted = await insertTerms(trx, {
          version: body.version.trim(),
          title: body.title.trim(),
          content: body.content,
          isActive: body.isActive ?? false,
          effectiveDate: body.effectiveDate ? new Date(body.effectiveDate) : new Date(),
        });
        await this.audit(trx, staff, 'content.create', inserted.id, {
          body,
          schema: CreateTermsBodySchema,
        });
        return inserted;
      }),
    );
  }

  async update(
    staff: StaffActor,
    id: string,
    body: Static<typeof UpdateTermsBodySchema>,
  ): Promise<TermsVersion> {
    return this.written(() =>
      this.db.transaction().execute(async (trx) => {
        if (!(await findTermsById(trx, id)))
          throw notFound(Messages.termsNotFound, 'TERMS_NOT_FOUND');
        if (body.isActive) await deactivateAllTerms(trx, id);
        await this.audit(trx, staff, 'content.update', id, {
          body,
          schema: UpdateTermsBodySchema,
        });
        return updateTerms(trx, id, {
          ...(body.version !== undefined ? { version: body.version.trim() } : {}),
          ...(body.title !== undefined ? { title: body.title.trim() } : {}),
          ...(body.content !== undefined ? { content: body.content } : {}),
          ...(body.isActive !== undefined ? { is_active: body.isActive } : {}),
          ...(body.effectiveDate !== undefined
            ? { effective_date: new Date(body.effectiveDate) }
            : {}),
        });
      }),
    );
  }

  /** A version created or changed: its event's relay woken; a version number taken is a 409. */
  private async written(write: () => Promise<TermsVersionRow | undefined>): Promise<TermsVersion> {
    try {
      const row = await write();
      if (!row) throw notFound(Messages.termsNotFound, 'TERMS_NOT_FOUND');
      this.relay?.kick();
      return toTermsVersion(row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(Messages.termsVersionTaken, 'TERMS_VERSION_TAKEN');
      throw error;
    }
  }

  async delete(staff: StaffActor, id: string): Promise<void> {
    const row = await findTermsById(this.db, id);
    if (!row) throw notFound(Messages.termsNotFound, 'TERMS_NOT_FOUND');
    if (row.is_active) throw conflict(Messages.activeTermsCannotBeDeleted, 'TERMS_ACTIVE');
    // Acceptances are legal records of what a user agreed to: that version must stay.
    if (await termsWereAccepted(this.db, id)) {
      throw conflict(
        'Esta versão já foi aceita por usuários e não pode ser excluída.',
        'TERMS_ACCEPTED',
      );
    }
    await this.db.transaction().execute(async (trx) => {
      await deleteTerms(trx, id);
      await this.audit(trx, staff, 'content.delete', id);
    });
    this.relay?.kick();
  }
}
