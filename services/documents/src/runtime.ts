import { natsCredentialsOf, openRuntime, type ServiceRuntime } from '@pv/service-kit';
import type { DocumentsConfig } from './config.js';
import { documentsMigrations } from './db/migrations/index.js';
import type { DocumentsDatabase } from './db/schema.js';

/** Opens the documents database (outbox only), Redis, NATS and the outbox relay. */
export function openDocuments(config: DocumentsConfig): Promise<ServiceRuntime<DocumentsDatabase>> {
  return openRuntime<DocumentsDatabase>({
    service: 'documents',
    database: config.DOCUMENTS_DATABASE,
    postgresUrl: config.POSTGRES_URL,
    redisUrl: config.REDIS_URL,
    natsUrl: config.NATS_URL,
    natsCredentials: natsCredentialsOf(config),
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    migrations: documentsMigrations,
    logLevel: config.LOG_LEVEL,
    outboxRetentionSeconds: config.OUTBOX_RETENTION_SECONDS,
  });
}
