import type { AuditTargetType } from '@pv/contracts';
import { contentChangeDetails, recordStaffAccess, type StaffActor } from '@pv/service-clients';
import type { OutboxRelay } from '@pv/service-kit/events';
import { conflict, notFound } from '@pv/service-kit/http';
import { isUniqueViolation } from '@pv/service-kit/runtime';
import type { FormattingDb, FormattingKysely } from '../db/schema.js';
import {
  type ContentTable,
  deleteContent,
  insertContent,
  listContent,
  type Row,
  updateContent,
} from './admin-content.repository.js';

type BodySchema = { properties: Record<string, unknown> };

/** How one admin list maps between its table and its contract types. */
export interface ContentKind<Item, Create, Update> extends ContentTable {
  toItem: (row: Row) => Item;
  toInsert: (body: Create) => Row;
  toUpdate: (body: Update) => Row;
  messages: { notFound: string; deleted: string; duplicate?: string };
  /** What the audit trail calls this list: every change reaches every user (issue 23 item 9). */
  auditTarget: AuditTargetType;
  /** The contract's bodies: only their fields are named in the audit trail. */
  bodies: { create: BodySchema; update: BodySchema };
  /**
   * Checks a body before it is written (after the contract's schema); throws the pt-BR answer.
   * An update is checked with the row it changes, so a partial body is judged as the result.
   */
  validate?: (next: Row) => void;
  /**
   * Runs in the write's own transaction: a kind whose changes other services follow enqueues its
   * event here (outbox), so the event exists exactly when the change does.
   */
  changed?: (trx: FormattingDb, change: 'saved' | 'deleted', row: Row) => Promise<void>;
}

/** List, create, edit and delete for one admin content list. */
export class AdminContentService<Item, Create, Update> {
  constructor(
    private readonly db: FormattingKysely,
    private readonly kind: ContentKind<Item, Create, Update>,
    /** Kicked after a write that enqueued an event (kinds with `changed`). */
    /** Kicked after every write: each one enqueues its audit entry (and maybe an event). */
    private readonly relay?: OutboxRelay,
  ) {}

  async list(): Promise<Item[]> {
    return (await listContent(this.db, this.kind)).map(this.kind.toItem);
  }

  async create(staff: StaffActor, body: Create): Promise<Item> {
    const values = this.kind.toInsert(body);
    this.kind.validate?.(values);
    const row = await this.guard(() =>
      this.write(async (trx) => {
        const inserted = await insertContent(trx, this.kind.table, values);
        await this.kind.changed?.(trx, 'saved', inserted);
        await this.audit(trx, staff, 'content.create', String(inserted.id), {
          body,
          schema: this.kind.bodies.create,
        });
        return inserted;
      }),
    );
    return this.kind.toItem(row);
  }

  async update(staff: StaffActor, id: string, body: Update): Promise<Item> {
    const values = this.kind.toUpdate(body);
    const row = await this.guard(() =>
      this.write(async (trx) => {
        const updated = await updateContent(trx, this.kind.table, { id, values });
        if (!updated) return undefined;
        // Judged as the row it becomes (a partial body alone may not say the template's type).
        this.kind.validate?.(updated);
        await this.kind.changed?.(trx, 'saved', updated);
        await this.audit(trx, staff, 'content.update', id, {
          body,
          schema: this.kind.bodies.update,
        });
        return updated;
      }),
    );
    if (!row) throw notFound(this.kind.messages.notFound);
    return this.kind.toItem(row);
  }

  async remove(staff: StaffActor, id: string): Promise<string> {
    const row = await this.write(async (trx) => {
      const deleted = await deleteContent(trx, this.kind.table, id);
      if (deleted) {
        await this.kind.changed?.(trx, 'deleted', deleted);
        await this.audit(trx, staff, 'content.delete', id, undefined);
      }
      return deleted;
    });
    if (!row) throw notFound(this.kind.messages.notFound);
    return this.kind.messages.deleted;
  }

  /** Who changed which list, which fields and how long each is: never the text itself. */
  private audit(
    trx: FormattingDb,
    staff: StaffActor,
    action: 'content.create' | 'content.update' | 'content.delete',
    id: string,
    sent: { body: unknown; schema: BodySchema } | undefined,
  ) {
    return recordStaffAccess(trx, staff, {
      service: 'formatting',
      action,
      targetType: this.kind.auditTarget,
      targetId: id,
      details: sent ? contentChangeDetails(sent.body, sent.schema) : {},
    });
  }

  /** One transaction for the row, its audit entry and its event; published right after commit. */
  private async write<T>(effects: (trx: FormattingDb) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute(effects);
    this.relay?.kick();
    return result;
  }

  private async guard<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error) && this.kind.messages.duplicate) {
        throw conflict(this.kind.messages.duplicate, 'DUPLICATE');
      }
      throw error;
    }
  }
}

/** Only the fields a partial update carries (undefined means "leave as is"). */
export function defined(fields: Row): Row {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
