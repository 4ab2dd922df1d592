// The infrastructure the stack runs on (PostgreSQL, Redis, NATS), one file per provider:
// components.ts (what each needs, URLs), net.ts (probes' sockets), host.ts (this machine),
// postgres.ts, redis.ts, nats.ts (probe, binaries, private instance), docker.ts, apt.ts,
// private-process.ts (a server this run owns), probe.ts, provision.ts (the order of preference).
export { aptInstall, canAptInstall, installMissingTools } from './apt.js';
export { DEFAULT_CHROMIUM_PATH, findChromium } from './chromium.js';
export {
  COMPONENTS,
  type ComponentKey,
  type Endpoint,
  type Infra,
  InfraError,
  type InfraMode,
  missingInfraMessage,
  type ParsedServerUrl,
  parseServerUrl,
  redactUrl,
} from './components.js';
export { findExecutable } from './host.js';
export { AUTHORIZED_NATS_PORT, findNatsServer, natsRequiresAuth, probeNats } from './nats.js';
export { type ProbeResult, probeTcp } from './net.js';
export { findPostgresBinaries, type PostgresBinaries, probePostgres } from './postgres.js';
export { type ProvisionOptions, printInfraSummary, provisionInfra } from './provision.js';
export { findRedisServer, probeRedis } from './redis.js';
