// The kit's test helpers, one module each; service-under-test.ts builds on the others directly
// (never through this file), so that nothing here imports in a circle.

export {
  ADVERSARIAL_TEXTS,
  type AdversarialText,
  bestCpuMs,
  workRatio,
} from './adversarial.js';
export { collectEvents } from './events.js';
export { eventually } from './eventually.js';
export {
  type HostileAnswer,
  type HostileBody,
  hostileAnswerProblems,
  hostileBodies,
  sendHostileBodies,
} from './hostile-bodies.js';
export { Client } from './http-client.js';
export { createTestDatabase, testInfra, testSessionKeys } from './infra.js';
export { freePort, natsServerBinary, startPrivateNats } from './private-nats.js';
export {
  type PrivateStore,
  type StoreTls,
  startPrivatePostgres,
  startPrivateRedis,
} from './private-stores.js';
export { databaseRowsContaining, redisKeysContaining } from './scan.js';
export {
  type ServiceUnderTest,
  type ServiceUnderTestSpec,
  startServiceUnderTest,
  type TestRole,
  urlOf,
} from './service-under-test.js';
export { mintSession } from './sessions.js';
export { TEST_ADMIN_TOTP_SECRET, withTotp } from './staff.js';
export { type IssuedCertificate, makeTestCa, pemOf, type TestCa } from './test-ca.js';
export { scaled, testTimeScale } from './time-scale.js';
