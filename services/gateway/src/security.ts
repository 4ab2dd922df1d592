import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

const STRIPE_JS = 'https://js.stripe.com';

/**
 * Content-Security-Policy for both SPAs and every proxied answer:
 * - scripts: our own bundles plus Stripe.js (the Premium payment element must load from Stripe);
 * - styles: our own plus inline, because MUI/emotion inject <style> tags at runtime;
 * - connect: our own API and exactly the configured providers' origins (issue 24): the realtime
 *   Soniox socket (SONIOX_WS_URL, the same setting billing hands the browser) and Stripe.js's API;
 *   CSP_CONNECT_SRC_EXTRA adds sources (a telemetry collector the browser posts to, or a plain
 *   ws:// fake in browser tests);
 * - frames: Stripe's payment and 3-D Secure frames only; nobody may frame us (frame-ancestors);
 * - images/media/workers: ours plus data:/blob: (avatars, recorded audio, audio worklets).
 * upgrade-insecure-requests is left out: one-machine mode is served over plain http on a LAN
 * address, where upgrading every subresource to https would break the page.
 */
const contentSecurityPolicy = (connectSrcExtra: readonly string[]) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'", STRIPE_JS],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...connectSrcExtra],
    frameSrc: [STRIPE_JS, 'https://hooks.stripe.com'],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
});

/** What Stripe.js calls from the page (Stripe's CSP guidance: connect-src api.stripe.com). */
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';

/** The providers the browser talks to directly: Soniox's realtime origin and Stripe's API. */
export function providerConnectSources(sonioxWsUrl: string): string[] {
  const soniox = new URL(sonioxWsUrl);
  return [`${soniox.protocol}//${soniox.host}`, STRIPE_API_ORIGIN];
}

/** CSP_CONNECT_SRC_EXTRA as a list of sources (empty for an empty or blank value). */
export function connectSrcExtraFrom(value: string): string[] {
  return value.split(/\s+/).filter(Boolean);
}

/** Strict-Transport-Security value sent on https requests only (180 days, subdomains too). */
export const HSTS_VALUE = 'max-age=15552000; includeSubDomains';

/** Headers of helmet's answer that are not security headers (they belong to each answer). */
const NOT_SECURITY = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * Security headers on every answer, the proxied JSON included. HSTS is sent only when the request
 * came over https (directly or via a trusted proxy's X-Forwarded-Proto): on plain http it would
 * be ignored at best, and would pin a LAN address to https at worst.
 *
 * Helmet decides the headers, but they never change between requests, so they are computed once
 * (helmet answering one request on a private instance) and set by one synchronous hook: helmet's
 * dozen middlewares per request were a measurable share of the gateway's cost (docs/BENCHMARKS.md).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { connectSrcExtra?: readonly string[] } = {},
): Promise<void> {
  const headers = await helmetHeaders(options.connectSrcExtra ?? []);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done();
  });
}

async function helmetHeaders(connectSrcExtra: readonly string[]): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(connectSrcExtra),
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The legacy twin of frame-ancestors 'none', for browsers without CSP level 2.
    xFrameOptions: { action: 'deny' },
    // Stripe's 3-D Secure flow may open a window that must talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  probe.get('/', async () => '');
  const answer = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!NOT_SECURITY.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}
