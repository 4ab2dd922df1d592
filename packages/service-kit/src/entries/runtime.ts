// What every process runs on, servers and workers alike: configuration, start and drain, logs,
// metrics, traces, Postgres, Redis, the service runtime, TLS between processes, unavailable stores.
export * from '../config.js';
export * from '../db.js';
export * from '../lifecycle.js';
export * from '../log.js';
export * from '../observability.js';
export * from '../redis.js';
export * from '../runtime.js';
export * from '../runtime-settings.js';
export * from '../search.js';
export * from '../supervised.js';
export * from '../tracing.js';
export * from '../transport-security.js';
export * from '../unavailable.js';
