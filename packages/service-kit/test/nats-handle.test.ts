import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { NatsHandle } from '../src/runtime.js';
import { scaled } from '../src/testing/time-scale.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('NatsHandle.startConsumer', () => {
  it('retries a consumer that failed to start instead of running without it', async () => {
    const nats = new NatsHandle(NATS_URL, 'kit-test-consumer-retry', pino({ level: 'silent' }));
    await nats.connect();
    let attempts = 0;
    let running = false;
    const consumer = nats.startConsumer(async () => {
      attempts += 1;
      // JetStream timing out under load, the first time only.
      if (attempts === 1) throw new Error('timeout');
      running = true;
      return {
        stop: async () => {
          running = false;
        },
      };
    });
    await expect.poll(() => running, { timeout: scaled(5_000) }).toBe(true);
    expect(attempts).toBe(2);
    await consumer.stop();
    expect(running).toBe(false);
    await nats.close();
  });

  it('stops retrying once stopped', async () => {
    const nats = new NatsHandle(NATS_URL, 'kit-test-consumer-stop', pino({ level: 'silent' }));
    await nats.connect();
    let attempts = 0;
    const consumer = nats.startConsumer(async () => {
      attempts += 1;
      throw new Error('timeout');
    });
    await expect.poll(() => attempts, { timeout: scaled(2_000) }).toBe(1);
    await consumer.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(attempts).toBe(1);
    await nats.close();
  });
});
