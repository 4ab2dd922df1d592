import type { AuditAction, AuditRecordedPayload, AuditTargetType } from '@pv/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { enqueueEvent, type KitTables } from './events/index.js';
import { principalOf } from './routes.js';

/** Who did it, from where: what a route hands to the service that records the access. */
export interface StaffActor {
  actorId: string;
  actorEmail: string;
  ipAddress: string;
}

/** The signed-in staff member behind a request (the address is the client's, past TRUST_PROXY). */
export function staffActorOf(request: FastifyRequest): StaffActor {
  const principal = principalOf(request);
  return { actorId: principal.userId, actorEmail: principal.email, ipAddress: request.ip };
}

export interface StaffAccess {
  /** The service recording it, e.g. 'vault'. */
  service: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  details?: AuditRecordedPayload['details'];
}

/**
 * Records that `actor` did `access.action`, in the caller's transaction (or on its own when given
 * the database): the outbox carries it to auth's append-only audit log, so an action and its trace
 * commit together. Details are flat facts (a filter, a count), never clinical text nor the e-mail
 * of the user acted on.
 * @example await recordStaffAccess(trx, staffActorOf(request), { service: 'vault',
 *   action: 'vault.record.delete', targetType: 'vault-record', targetId: id });
 */
export async function recordStaffAccess<DB extends KitTables>(
  db: Kysely<DB> | Transaction<DB>,
  actor: StaffActor,
  access: StaffAccess,
): Promise<void> {
  await enqueueEvent(db, 'audit.access.recorded.v1', {
    ...actor,
    action: access.action,
    targetType: access.targetType,
    targetId: access.targetId ?? null,
    service: access.service,
    details: access.details ?? {},
  });
}

/** Records one access on its own (a read), then wakes the relay so the log is current at once. */
export type StaffAccessRecorder = (
  actor: StaffActor,
  access: Omit<StaffAccess, 'service'>,
) => Promise<void>;

/**
 * A recorder bound to a service's database and relay, for reads that change nothing else.
 * @example const audit = staffAccessRecorder(runtime, 'billing');
 *   await audit(staffActorOf(request), { action: 'user.usage.view', targetType: 'user', targetId });
 */
export function staffAccessRecorder<DB extends KitTables>(
  runtime: { db: Kysely<DB>; relay: { kick(): void } },
  service: string,
): StaffAccessRecorder {
  return async (actor, access) => {
    await recordStaffAccess(runtime.db, actor, { ...access, service });
    runtime.relay.kick();
  };
}

const DETAIL_MAX = 200;

/**
 * What an edit of shared content changed, as an audit entry may say it: the names of the fields
 * sent and the size of each (characters of a text, items of a list), never their text. Only the
 * contract's own fields count (`schema`: the route's body schema): a key a client made up may
 * itself be text and never reaches the log.
 * @example contentChangeDetails({ name: 'Receita', prompt: '...' }, BodySchema) // { fields: 'name,prompt', sizes: 'name:7,prompt:3' }
 */
export function contentChangeDetails(
  body: unknown,
  schema: { properties: Record<string, unknown> },
): { fields: string; sizes: string } {
  const entries = Object.entries((body ?? {}) as Record<string, unknown>)
    .filter(([key, value]) => value !== undefined && Object.hasOwn(schema.properties, key))
    .sort(([a], [b]) => a.localeCompare(b));
  const sizeOf = (value: unknown) =>
    typeof value === 'string' ? value.length : Array.isArray(value) ? value.length : null;
  const bounded = (text: string) =>
    text.length <= DETAIL_MAX ? text : `${text.slice(0, DETAIL_MAX - 1)}…`;
  return {
    fields: bounded(entries.map(([key]) => key).join(',')),
    sizes: bounded(
      entries
        .map(([key, value]) => [key, sizeOf(value)] as const)
        .filter(([, size]) => size !== null)
        .map(([key, size]) => `${key}:${size}`)
        .join(','),
    ),
  };
}
