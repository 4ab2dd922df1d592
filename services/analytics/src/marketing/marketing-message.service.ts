import {
  AnalyticsMessages,
  type CreateMarketingMessageBody,
  CreateMarketingMessageBodySchema,
  type MarketingMessage,
  type MarketingMessageType,
  type MessageBody,
  type Promotion,
  type UpdateMarketingMessageBody,
  UpdateMarketingMessageBodySchema,
} from '@pv/contracts';
import { contentChangeDetails, recordStaffAccess, type StaffActor } from '@pv/service-clients';
import { notFound } from '@pv/service-kit/http';
import type { AnalyticsDb, AnalyticsKysely, MarketingMessageRow } from '../db/schema.js';
import {
  activeMessagesOfType,
  allMessages,
  deleteMessage,
  insertMessage,
  updateMessage,
} from './marketing-message.repository.js';

const MAX_DISPLAY_ORDER = 1_000_000;

/**
 * "displayOrder is numeric and falls back to 0": a whole number of 0 or more, or
 * text that starts with one (the console's number input sends text), is kept, a fraction is cut
 * to its whole part; anything else (missing, null, empty, negative, not a number) becomes 0.
 */
export function displayOrderOf(value: unknown): number {
  let parsed = Number.NaN;
  if (typeof value === 'number') parsed = Math.trunc(value);
  else if (typeof value === 'string' && /^\s*\d/.test(value)) parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= 0 && parsed <= MAX_DISPLAY_ORDER ? parsed : 0;
}

function toMessage(row: MarketingMessageRow): MarketingMessage {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    displayOrder: row.display_order,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The Mensagens tab and the workspace's promotions. */
export class MarketingMessageService {
  constructor(
    private readonly db: AnalyticsKysely,
    /** Kicked after a change: each one enqueues its audit entry. */
    private readonly relay?: { kick(): void },
  ) {}

  /**
   * Each message reaches every user who signs up, so every change is audited in its own
   * transaction (issue 23 item 9): which fields and how long, never the text.
   */
  private async audited<T>(
    staff: StaffActor,
    change: {
      action: 'content.create' | 'content.update' | 'content.delete';
      id?: string;
      sent?: { body: unknown; schema: { properties: Record<string, unknown> } };
    },
    write: (trx: AnalyticsDb) => Promise<T & { id: string }>,
  ): Promise<T & { id: string }> {
    const result = await this.db.transaction().execute(async (trx) => {
      const written = await write(trx);
      await recordStaffAccess(trx, staff, {
        service: 'analytics',
        action: change.action,
        targetType: 'marketing-message',
        targetId: change.id ?? written.id,
        details: change.sent ? contentChangeDetails(change.sent.body, change.sent.schema) : {},
      });
      return written;
    });
    this.relay?.kick();
    return result;
  }

  promotions(type: MarketingMessageType = 'signup'): Promise<Promotion[]> {
    return activeMessagesOfType(this.db, type);
  }

  async list(): Promise<MarketingMessage[]> {
    return (await allMessages(this.db)).map(toMessage);
  }

  async create(staff: StaffActor, body: CreateMarketingMessageBody): Promise<MarketingMessage> {
    const row = await this.audited(
      staff,
      {
        action: 'content.create',
        sent: { body, schema: CreateMarketingMessageBodySchema },
      },
      (trx) =>
        insertMessage(trx, {
          type: body.type ?? 'signup',
          title: body.title.trim(),
          message: body.message.trim(),
          display_order: displayOrderOf(body.displayOrder),
          is_active: body.isActive ?? true,
        }),
    );
    return toMessage(row);
  }

  async update(
    staff: StaffActor,
    id: string,
    body: UpdateMarketingMessageBody,
  ): Promise<MarketingMessage> {
    const row = await this.audited(
      staff,
      {
        action: 'content.update',
        id,
        sent: { body, schema: UpdateMarketingMessageBodySchema },
      },
      async (trx) => {
        const updated = await updateMessage(trx, id, {
          ...(body.type !== undefined ? { type: body.type } : {}),
          ...(body.title !== undefined ? { title: body.title.trim() } : {}),
          ...(body.message !== undefined ? { message: body.message.trim() } : {}),
          ...('displayOrder' in body ? { display_order: displayOrderOf(body.displayOrder) } : {}),
          ...(body.isActive !== undefined ? { is_active: body.isActive } : {}),
        });
        if (!updated)
          throw notFound(AnalyticsMessages.messageNotFound, 'MARKETING_MESSAGE_NOT_FOUND');
        return updated;
      },
    );
    return toMessage(row);
  }

  async remove(staff: StaffActor, id: string): Promise<MessageBody> {
    await this.audited(staff, { action: 'content.delete', id }, async (trx) => {
      if (!(await deleteMessage(trx, id)))
        throw notFound(AnalyticsMessages.messageNotFound, 'MARKETING_MESSAGE_NOT_FOUND');
      return { id };
    });
    return { message: AnalyticsMessages.messageDeleted };
  }
}
