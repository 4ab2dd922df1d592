import { openRuntime, runtimeSettingsOf, type ServiceRuntime } from '@pv/service-kit/runtime';
import { type DocumentsConfig, s3StoreSettingsFrom } from './config.js';
import { documentsMigrations } from './db/migrations/index.js';
import type { DocumentsDatabase } from './db/schema.js';
import { bucketObjects, createS3Client } from './signing/s3-signed-documents.store.js';
import { keyWrapperFrom } from './signing/signing-order.js';

/** Opens the documents database (outbox only), Redis, NATS and the outbox relay. */
export async function openDocuments(
  config: DocumentsConfig,
): Promise<ServiceRuntime<DocumentsDatabase>> {
  // The re-encrypting migration (issue 24) needs the KEK and, for objects, the bucket.
  const settings = s3StoreSettingsFrom(config);
  const s3 = settings ? await createS3Client(settings) : undefined;
  try {
    return await openRuntime<DocumentsDatabase>({
      service: 'documents',
      database: config.DOCUMENTS_DATABASE,
      ...runtimeSettingsOf(config),
      migrations: documentsMigrations({
        keys: keyWrapperFrom(config),
        objects: s3 && settings ? bucketObjects(s3, settings.bucket) : undefined,
      }),
    });
  } finally {
    s3?.destroy();
  }
}
