import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setup as startE2eStack, teardown as stopE2eStack } from '@pv/e2e-kit/global-setup';
import {
  startFakeS3,
  startFakeSoniox,
  startFakeSonioxRealtime,
  startFakeStripe,
} from '@pv/provider-fakes';
import type { TestProject } from 'vitest/node';

/** What the Super Transcritor spec gets through `inject('soniox')` to steer the fakes. */
export interface SonioxFakesContext {
  /** `GET /_fake/state`, `PATCH /_fake/behaviour` of the realtime (WebSocket) fake. */
  realtimeControlUrl: string;
  /** The same two paths on the temporary-key (REST) fake. */
  restControlUrl: string;
}

/** What the cancellation spec gets through `inject('stripe')`. */
export interface StripeFakeContext {
  /** `GET /_fake/subscriptions/:id`, `POST /_fake/subscriptions/:id/{pay,end-period}`. */
  controlUrl: string;
}

/** What the signing spec gets through `inject('s3')`: the bucket the stack keeps signed PDFs in. */
export interface S3FakeContext {
  /** `GET /_fake/state`: every object's size and SHA-256. */
  stateUrl: string;
  bucket: string;
}

/** What the signing spec gets through `inject('testCa')`: the stack's extra trust root. */
export interface TestCaContext {
  /** `ca.pem` and `ca.key`: the root of SIGNING_EXTRA_TRUST_ROOTS, to issue the test A1. */
  dir: string;
}

/**
 * Issue 23: a certificate must chain to ICP-Brasil or to SIGNING_EXTRA_TRUST_ROOTS, so the suite
 * makes a throw-away root with OpenSSL and names it there (as a developer would); the signing
 * spec issues its A1 from it.
 */
function makeTestCa(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pv-e2e-ca-'));
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    path.join(dir, 'ca.key'),
    '-out',
    path.join(dir, 'ca.pem'),
    '-days',
    '30',
    '-subj',
    '/C=BR/O=ICP-Brasil de Teste/CN=AC Raiz E2E',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  return dir;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the suite runs against a stack it did not start (E2E_BASE_URL). */
    testCa?: TestCaContext;
    /** Absent when the suite runs against a stack it did not start (E2E_BASE_URL). */
    s3?: S3FakeContext;
    /** Absent when the suite runs against a stack it did not start (E2E_BASE_URL). */
    soniox?: SonioxFakesContext;
    /** Absent when the suite runs against a stack it did not start (E2E_BASE_URL). */
    stripe?: StripeFakeContext;
  }
}

let stopFakes: (() => Promise<void>) | undefined;

/**
 * The workspace suite's global setup: local fakes of Soniox's temporary-key REST endpoint, of
 * its realtime WebSocket, of Stripe and of S3 (signed PDFs) live for the whole run, and the stack is started pointing at them
 * (billing mints keys from one and hands the other's address to the browser; the gateway's CSP
 * lets the page reach a plain ws:// address).
 */
export async function setup(project: TestProject): Promise<void> {
  const rest = await startFakeSoniox('soniox-e2e-key');
  const realtime = await startFakeSonioxRealtime({ keys: rest.keys });
  const stripe = await startFakeStripe();
  const bucket = 'pv-e2e-signed-documents';
  const s3 = await startFakeS3({ buckets: [bucket] });
  const caDir = makeTestCa();
  stopFakes = async () => {
    rmSync(caDir, { recursive: true, force: true });
    await realtime.close();
    await rest.close();
    await stripe.close();
    await s3.close();
  };
  const ownStack = !process.env.E2E_BASE_URL?.trim();
  if (ownStack) {
    project.provide('soniox', {
      realtimeControlUrl: realtime.controlUrl,
      restControlUrl: rest.url,
    });
    project.provide('stripe', { controlUrl: stripe.url });
    project.provide('s3', { stateUrl: `${s3.url}/_fake/state`, bucket });
    project.provide('testCa', { dir: caDir });
  }
  try {
    await startE2eStack(project, {
      env: {
        SONIOX_API_KEY: rest.apiKey,
        SONIOX_API_URL: rest.url,
        SONIOX_WS_URL: realtime.url,
        // The page may open the fake's plain ws:// address (production allows only wss:).
        CSP_CONNECT_SRC_EXTRA: new URL(realtime.url).origin,
        // Billing talks to the fake Stripe, which signs its webhooks to the stack's gateway.
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_API_URL: stripe.url,
        // The fake's Customer Portal configuration: Minha Área offers 'Gerenciar assinatura'.
        STRIPE_PORTAL_CONFIGURATION: 'bpc_test_fake',
        // Digital signature on (issue 14): the documents service and the pdf-worker share it.
        SIGNING_KEK: randomBytes(32).toString('hex'),
        // ...and signed PDFs kept in an S3-compatible bucket (the fake checks every signature).
        SIGNED_DOCUMENTS_S3_ENDPOINT: s3.url,
        SIGNED_DOCUMENTS_S3_BUCKET: bucket,
        SIGNED_DOCUMENTS_S3_REGION: s3.region,
        SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID: s3.accessKeyId,
        SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        SIGNED_DOCUMENTS_S3_FORCE_PATH_STYLE: 'true',
        // Issue 23: the suite's own root, trusted besides ICP-Brasil's (auth and documents).
        SIGNING_EXTRA_TRUST_ROOTS: path.join(caDir, 'ca.pem'),
      },
    });
    if (ownStack)
      stripe.webhookUrl = `${project.getProvidedContext().e2e.baseUrl}/api/stripe/webhook`;
  } catch (error) {
    await stopFakes();
    throw error;
  }
}

export async function teardown(): Promise<void> {
  await stopE2eStack();
  await stopFakes?.();
  stopFakes = undefined;
}
