/**
 * NATS and its JetStream streams: connecting with a process's identity, which stream holds a
 * subject (PV_EVENTS or the restricted PV_PHI), their replicas and max age, and creating them.
 * Separate because both the relay (publishing) and the consumers (reading) stand on it.
 */
import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  EVENT_STREAM,
  EVENT_STREAM_SUBJECTS,
  PHI_STREAM,
  PHI_STREAM_SUBJECTS,
} from '@pv/contracts';
import { natsTls } from '../transport-security.js';

/** A process's NATS identity (NATS_USER, NATS_PASSWORD); none on a NATS without authorization. */
export interface NatsCredentials {
  user?: string | undefined;
  password?: string | undefined;
}

/**
 * The inbox prefix of a NATS user: replies (JetStream acks, pulled messages) come to
 * `_INBOX_<user>.>`, the only inboxes its permissions let it subscribe to, so no identity can
 * read the replies (and the pulled events) of another (docs/nats-identity.md).
 */
export const natsInboxPrefix = (user: string) => `_INBOX_${user}`;

/** Connects to NATS, retrying for ever in the background once connected. */
export function connectNats(
  url: string,
  name: string,
  credentials: NatsCredentials = {},
): Promise<NatsConnection> {
  const { user, password } = credentials;
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: 5_000,
    ...(user ? { user, pass: password ?? '', inboxPrefix: natsInboxPrefix(user) } : {}),
    // A tls:// server: TLS required, verified against the internal CA (transport-security.ts).
    ...natsTls(url),
  });
}

/** A refusal by the server's authorization (the identity may not publish or subscribe there). */
export function isPermissionViolation(error: unknown): boolean {
  return error instanceof Error && /permissions? violation/i.test(error.message);
}

/**
 * JetStream replicas of the event stream when a service creates it: NATS_STREAM_REPLICAS (1 to 5,
 * default 1; 3 on a clustered NATS, see infra/k8s). An existing stream keeps its own; raise it with
 * `nats stream edit PV_EVENTS --replicas 3` (infra/README.md).
 */
export function streamReplicas(env: Record<string, string | undefined> = process.env): number {
  const raw = env.NATS_STREAM_REPLICAS?.trim();
  if (raw === undefined || raw === '') return 1;
  const replicas = Number(raw);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5) {
    throw new Error(`NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (got "${raw}")`);
  }
  return replicas;
}

/**
 * How long the restricted stream (PV_PHI: events that carry patient text, read only by the vault)
 * keeps a message: PHI_STREAM_MAX_AGE_HOURS (default 6). Short on purpose: the text exists there
 * only to reach the vault; a vault down longer than that misses those consults rather than the
 * broker holding dictations for weeks. An existing stream keeps its own
 * (`nats stream edit PV_PHI --max-age 6h`).
 */
export function phiStreamMaxAgeHours(
  env: Record<string, string | undefined> = process.env,
): number {
  const raw = env.PHI_STREAM_MAX_AGE_HOURS?.trim();
  if (raw === undefined || raw === '') return 6;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 7) {
    throw new Error(
      `PHI_STREAM_MAX_AGE_HOURS must be a number of hours above 0, at most 168 (got "${raw}")`,
    );
  }
  return hours;
}

/** The stream that holds a subject: PV_PHI for restricted (patient text) subjects, else PV_EVENTS. */
export function streamOf(subject: string): string {
  return PHI_STREAM_SUBJECTS.some((s) => subject.startsWith(s.replace(/>$/, '')))
    ? PHI_STREAM
    : EVENT_STREAM;
}

async function ensureStream(
  nc: NatsConnection,
  config: { name: string; subjects: string[]; max_age: number },
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    // An existing stream keeps its settings but gains the subjects a newer release publishes
    // (a stream made by an older release would otherwise refuse them).
    const { config: existing } = await jsm.streams.info(config.name);
    const missing = config.subjects.filter((subject) => !existing.subjects.includes(subject));
    // Only the stream's owner may update it (docs/nats-identity.md); the others leave it to it.
    if (missing.length > 0)
      await jsm.streams
        .update(config.name, { subjects: [...existing.subjects, ...missing] })
        .catch((error: unknown) => {
          if (!isPermissionViolation(error)) throw error;
        });
  } catch (error) {
    // A stream this identity neither reads nor writes (PV_PHI for all but formatting and the
    // vault): its authorization hides it, and it is none of this process's business.
    if (isPermissionViolation(error)) return;
    try {
      await jsm.streams.add({
        ...config,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        // JetStream refuses a duplicate window longer than the max age (a PHI window of minutes).
        duplicate_window: Math.min(10 * 60 * 1e9, config.max_age),
        num_replicas: streamReplicas(),
      });
    } catch (createError) {
      // another replica created it first
      await jsm.streams.info(config.name).catch(() => {
        throw createError;
      });
    }
  }
}

/**
 * Creates the product's event streams (PV_EVENTS and the restricted PV_PHI), or leaves them as
 * they are. `streams` limits it to those a process uses: an identity asking about a stream its
 * authorization hides is refused (and the server logs the refusal as an error).
 */
export async function ensureEventStream(
  nc: NatsConnection,
  streams: readonly string[] = [EVENT_STREAM, PHI_STREAM],
): Promise<void> {
  if (streams.includes(EVENT_STREAM))
    await ensureStream(nc, {
      name: EVENT_STREAM,
      subjects: EVENT_STREAM_SUBJECTS,
      max_age: 30 * 24 * 3600 * 1e9, // 30 days: a consumer may be down that long and still catch up
    });
  if (streams.includes(PHI_STREAM))
    await ensureStream(nc, {
      name: PHI_STREAM,
      subjects: PHI_STREAM_SUBJECTS,
      max_age: Math.round(phiStreamMaxAgeHours() * 3600 * 1e9),
    });
}
