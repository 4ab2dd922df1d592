import type { NatsConnection } from '@nats-io/transport-node';
import { type DurableSubscription, subscribeDurable } from '@pv/service-kit/events';
import type { Logger } from 'pino';
import { KeyedHasher } from '../anonymise/hashing.js';
import type { VaultKysely } from '../db/schema.js';
import { ConsultArchive } from '../records/consult-archive.service.js';

/**
 * The vault's durable consumer of the restricted phi.consult.formatted.v1 (stream PV_PHI; named
 * by VAULT_CONSUMER): the only reader of patient text on the broker.
 */
export function startConsultConsumer(
  nc: NatsConnection,
  options: { db: VaultKysely; hmacSecret: string; durable: string; log: Logger },
): Promise<DurableSubscription> {
  const archive = new ConsultArchive({
    db: options.db,
    hasher: new KeyedHasher(options.hmacSecret),
  });
  return subscribeDurable(nc, {
    durable: options.durable,
    subjects: ['phi.consult.formatted.v1'],
    handler: (event) => archive.fromEvent(event, options.log),
    log: options.log,
  });
}
