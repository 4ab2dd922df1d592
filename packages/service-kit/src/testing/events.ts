import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope, EventSubject } from '@pv/contracts';
import pino from 'pino';
import { deleteDurable, subscribeDurable } from '../events/consumers.js';
import { eventually } from './eventually.js';

/**
 * Collects events of the given subjects through a durable consumer. `pause()` takes it offline
 * while keeping the durable (as a service that is down); `stop()` also deletes the durable.
 */
export async function collectEvents(nc: NatsConnection, durable: string, subjects: EventSubject[]) {
  const received: EventEnvelope[] = [];
  const subscription = await subscribeDurable(nc, {
    durable,
    subjects,
    handler: async (event) => {
      received.push(event);
    },
    log: pino({ level: 'silent' }),
  });
  return {
    received,
    pause: () => subscription.stop(),
    async stop() {
      await subscription.stop();
      await deleteDurable(nc, durable);
    },
    waitFor: (predicate: (e: EventEnvelope) => boolean) =>
      eventually(async () => received.find(predicate)),
  };
}
