// NATS JetStream: the outbox and its relay, durable consumers, erasure, dead letters.
export * from '../dead-letters.js';
export * from '../events/index.js';
