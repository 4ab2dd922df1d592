// The quota client over HTTPS between services (docs/transport-security.md): billing serves with a
// certificate of a throw-away internal CA; the client trusts that CA (TLS_CA_FILE) and refuses a
// billing whose certificate another CA signed, before sending anything.
import { createServiceApp } from '@pv/service-kit/http';
import { makeTestCa, pemOf, type TestCa } from '@pv/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuotaClient } from '../src/quota-client.js';

const log = pino({ level: 'silent' });
let ca: TestCa;
let otherCa: TestCa;
const savedCa = process.env.TLS_CA_FILE;

beforeAll(() => {
  ca = makeTestCa('pv-test-internal-ca');
  otherCa = makeTestCa('pv-test-other-ca');
  // What a process is given: the kit's clients read it (transport-security.ts).
  process.env.TLS_CA_FILE = ca.caFile;
});

afterAll(() => {
  ca?.remove();
  otherCa?.remove();
  if (savedCa === undefined) delete process.env.TLS_CA_FILE;
  else process.env.TLS_CA_FILE = savedCa;
});

describe('HTTPS between services', () => {
  let billing: FastifyInstance;
  let billingUrl = '';
  const seen: string[] = [];

  beforeAll(async () => {
    const cert = ca.issue('billing');
    billing = await createServiceApp({
      name: 'billing',
      logger: false,
      tls: { cert: pemOf(cert.certFile), key: pemOf(cert.keyFile) },
    });
    billing.post('/internal/quota/consume', async (request) => {
      seen.push(String(request.headers.cookie));
      return { allowed: true, kind: 'pdf', limit: 20, used: 1 };
    });
    await billing.listen({ port: 0, host: '127.0.0.1' });
    const address = billing.server.address();
    billingUrl = `https://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => billing?.close());

  it('the quota client calls an HTTPS billing it verifies with the internal CA', async () => {
    const quota = new QuotaClient(billingUrl, log);
    const decision = await quota.consume('pdf', { cookie: 'pv_session=abc' });
    expect(decision).toMatchObject({ status: 'reserved', limit: 20, used: 1 });
    expect(seen).toEqual(['pv_session=abc']);
  });

  it('refuses (503, nothing sent) a billing whose certificate another CA signed', async () => {
    process.env.TLS_CA_FILE = otherCa.caFile;
    try {
      const quota = new QuotaClient(billingUrl, log);
      await expect(quota.consume('pdf', { cookie: 'pv_session=def' })).rejects.toMatchObject({
        statusCode: 503,
      });
      expect(seen).not.toContain('pv_session=def');
    } finally {
      process.env.TLS_CA_FILE = ca.caFile;
    }
  });

  it('a server with a certificate does not answer plain HTTP', async () => {
    await expect(fetch(billingUrl.replace('https:', 'http:'))).rejects.toThrow();
  });
});
