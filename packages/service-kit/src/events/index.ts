/**
 * The kit's events, one file a job: its tables, erasure tombstones, the outbox (writing), the
 * streams, the relay (publishing) and the consumers (reading). This re-exports their public names;
 * `parts.ts` (the parts protocol the relay and the consumers share) stays internal.
 */
export * from './consumers.js';
export * from './outbox.js';
export * from './outbox-relay.js';
export * from './streams.js';
export * from './tables.js';
export * from './tombstones.js';
