/**
 * Which service owns which public path. Every path of both specs is here, plus the designed ones
 * (admin consoles, Stripe, analytics), so a service that comes online only needs its URL set.
 * A prefix owns itself and everything below it (`/api/terms`, `/api/terms/current`,
 * `/api/terms?x=1`), never a sibling that merely starts with the same letters (`/api/terms-foo`).
 */

export type ServiceName =
  | 'auth'
  | 'formatting'
  | 'documents'
  | 'billing'
  | 'support'
  | 'vault'
  | 'analytics';

export interface ServiceRoute {
  service: ServiceName;
  /** pt-BR noun completing "O serviço de ... está indisponível" in the 503 message. */
  label: string;
  prefixes: string[];
}

export const ROUTING_TABLE: readonly ServiceRoute[] = [
  {
    service: 'auth',
    label: 'autenticação',
    prefixes: [
      '/auth',
      '/api/terms',
      '/api/profile',
      '/api/admin/users',
      '/api/admin/reset-password',
      '/api/admin/user-profile',
      '/api/admin/login-history',
      '/api/admin/audit-log',
      '/api/admin/terms',
      // Issue 23: the 'Verificações' queue.
      '/api/admin/verifications',
    ],
  },
  {
    service: 'formatting',
    label: 'formatação',
    prefixes: [
      '/api/format-text',
      '/api/diagnostic-analysis',
      '/api/user-templates',
      '/api/admin/templates',
      '/api/admin/medical-terms',
      '/api/admin/system-instructions',
      '/api/ai-templates',
    ],
  },
  {
    service: 'documents',
    label: 'documentos',
    prefixes: [
      '/api/generate-document',
      '/api/generate-pdf',
      '/api/generate-text-document',
      '/api/generate-hospital-prescription-pdf',
      '/api/prescriptions',
      '/api/extract-pdf-text',
      // issue 14: the A1 certificate, and signed documents' verification (ITI validator, QR code)
      '/api/signing-certificate',
      '/api/documents',
      // issue 28: the note as a FHIR R4 document Bundle
      '/api/export/fhir',
    ],
  },
  {
    service: 'billing',
    label: 'cobrança',
    prefixes: [
      '/api/super-transcritor',
      // "/api/{speech-provider}/temporary-key": the provider is Soniox
      '/api/soniox',
      '/api/create-subscription',
      '/api/confirm-payment',
      '/api/subscription',
      '/api/stripe',
      '/api/user-metrics',
      '/api/admin/usage-metrics',
      '/api/admin/premium-subscriptions',
    ],
  },
  {
    service: 'support',
    label: 'suporte',
    prefixes: ['/api/support', '/api/admin/support-tickets'],
  },
  {
    service: 'vault',
    label: 'arquivo de transcrições',
    prefixes: ['/api/transcript-vault', '/api/admin/transcript-vault'],
  },
  {
    service: 'analytics',
    label: 'análises',
    prefixes: [
      '/api/marketing-messages',
      '/api/admin/marketing-messages',
      '/api/admin/site-analytics',
      '/api/admin/visitor-tracking',
      '/api/admin/dashboard',
      '/api/analytics',
    ],
  },
];

const MB = 1024 * 1024;

/** Request bodies the gateway streams through; services enforce their own, smaller limits. */
export const DEFAULT_PROXY_BODY_LIMIT = 2 * MB;
/*
 * Text routes (issue 15): sized to what their schemas accept, so an oversized body stops here.
 * A dictation route takes 200,000 characters per request (MAX_TRANSCRIPT_CHARS; the workspace
 * sends 8 hours of dictation, ~300,000 characters, in parts) and the vault three such texts: the
 * 2 MB default. Documents take a 200,000-character note (or a 500,000-character PDF text): 1 MB,
 * the documents service's own limit. The support form takes 10,000 characters: 128 KB.
 */
const TEXT_1MB = 1 * MB;
const PROXY_BODY_LIMITS: Readonly<Record<string, number>> = {
  // PDF uploads for text extraction (multipart file)
  '/api/extract-pdf-text': 15 * MB,
  '/api/generate-document': TEXT_1MB,
  '/api/generate-pdf': TEXT_1MB,
  '/api/generate-text-document': TEXT_1MB,
  '/api/generate-hospital-prescription-pdf': TEXT_1MB,
  '/api/prescriptions': TEXT_1MB,
  '/api/export/fhir': TEXT_1MB,
  '/api/support': 128 * 1024,
  // A1 certificate upload: the service refuses files over 64 KB (413); the multipart framing and
  // the password field fit well within this.
  '/api/signing-certificate': 256 * 1024,
};

export function bodyLimitFor(prefix: string): number {
  return PROXY_BODY_LIMITS[prefix] ?? DEFAULT_PROXY_BODY_LIMIT;
}

/** True when `path` is `prefix` itself or lies below it (`/x`, `/x/...`, `/x?...`). */
export function ownsPath(prefix: string, path: string): boolean {
  if (!path.startsWith(prefix)) return false;
  const next = path.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
}

/**
 * The path as the service's router will see it: without query and trailing slash, and
 * percent-decoded, so `/auth/%6Cogin` cannot slip past a rule on `/auth/login` (rate limit,
 * SPA page) and still reach that route.
 */
export function normalizedPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    path = raw;
  }
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * A lookup over a routing table by longest matching prefix, so nested prefixes (a service owning
 * `/api/admin/x` inside another's `/api/admin`) resolve to the most specific owner.
 */
export function routerFor(
  table: readonly ServiceRoute[],
): (path: string) => ServiceRoute | undefined {
  const byLength = table
    .flatMap((route) => route.prefixes.map((prefix) => ({ prefix, route })))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return (path) => byLength.find(({ prefix }) => ownsPath(prefix, path))?.route;
}

/**
 * The service that owns a request path (query string allowed).
 * @example serviceFor('/api/admin/users/42')?.service // 'auth'
 * @example serviceFor('/api/terms-foo') // undefined
 */
export const serviceFor = routerFor(ROUTING_TABLE);
