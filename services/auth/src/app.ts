import { createStandardApp, httpsOnly } from '@pv/service-kit/http';
import { csv, type ServiceRuntime } from '@pv/service-kit/runtime';
import { readExtraTrustRoots } from '@pv/signing';
import type { FastifyInstance } from 'fastify';
import { AccountService } from './accounts/account.service.js';
import { LoginThrottle } from './accounts/login-throttle.js';
import { AuditLogService } from './audit/audit.service.js';
import type { AuthConfig } from './config.js';
import type { AuthDatabase } from './db/schema.js';
import type { AuthDeps } from './deps.js';
import { EmailVerificationService } from './email-verification/email-verification.service.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { accountRoutes } from './routes/account.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { auditLogRoutes } from './routes/audit-log.js';
import { emailVerificationRoutes } from './routes/email-verification.js';
import { staffMfaRoutes } from './routes/staff-mfa.js';
import { termsRoutes } from './routes/terms.js';
import { verificationRoutes } from './routes/verification.js';
import { StaffMfaService } from './staff-mfa/staff-mfa.service.js';
import { plainCodec, totpSecretBoxFrom } from './staff-mfa/totp-secret-box.js';
import { TermsService } from './terms/terms.service.js';
import { AdminUsersService } from './users/admin-users.service.js';
import { makeDecoyHash } from './users/passwords.js';
import { EvidenceCipher } from './verification/evidence-cipher.js';
import { type RegistryLookup, StaffReviewLookup } from './verification/registry-lookup.js';
import { VerificationService } from './verification/verification.service.js';

export interface AuthAppOptions {
  config: AuthConfig;
  runtime: ServiceRuntime<AuthDatabase>;
  logger?: boolean;
  /** Prefix of the service's Redis keys (login throttling, last-seen marks); tests pass their own. */
  redisKeyPrefix?: string;
  /** A council's official lookup (issue 23); default: every registry goes to staff review. */
  registryLookup?: RegistryLookup;
  /** Where mail goes; default: built from SMTP_URL (or the outbox folder) and closed with the app. */
  mailer?: Mailer;
}

/** The auth service's HTTP app, built from injected dependencies; it never listens. */
export async function buildAuthApp(options: AuthAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const redisKeyPrefix = options.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}auth:`;
  const deps: AuthDeps = {
    db: runtime.db,
    redis: runtime.redis,
    redisKeyPrefix,
    sessions: runtime.sessions,
    relay: runtime.relay,
    config,
    loginThrottle: new LoginThrottle(runtime.redis, config, redisKeyPrefix),
    decoyHash: await makeDecoyHash(),
    totpSecrets: totpSecretBoxFrom(config) ?? plainCodec,
  };
  const app = await createStandardApp({ name: 'auth', config, runtime, logger: options.logger });
  const mfa = new StaffMfaService(deps);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.MAIL_OUTBOX_DIR,
    });
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  if (config.SMTP_URL) app.log.info({ mail: mailer.target }, 'mail goes out through SMTP');
  // Not a refusal to start (the fault and capacity suites run production builds without mail),
  // but said at every start: nobody receives a confirmation link from a folder.
  else
    app.log.warn(
      { mail: mailer.target },
      'SMTP_URL is not set: mail is written as .eml files to MAIL_OUTBOX_DIR and reaches nobody',
    );
  const emails = new EmailVerificationService(deps, {
    mailer,
    linkOrigin: config.MAIL_LINK_ORIGIN ?? config.PUBLIC_ORIGINS.split(',')[0]!.trim(),
    sendsPerAccountHour: config.EMAIL_SENDS_PER_ACCOUNT_HOUR,
    sendsPerIpHour: config.EMAIL_SENDS_PER_IP_HOUR,
    // The SMTP answer's code only: its text may quote the recipient's address.
    onSendFailure: (error) =>
      app.log.error(
        {
          code: (error as { code?: unknown })?.code,
          responseCode: (error as { responseCode?: unknown })?.responseCode,
        },
        'mail not sent',
      ),
  });
  // Secure (and `__Host-`) when asked, or whenever every public origin is https (issue 23).
  const cookieSecure = config.COOKIE_SECURE || httpsOnly(csv(config.PUBLIC_ORIGINS));
  accountRoutes(app, new AccountService(deps, mfa, emails), cookieSecure);
  emailVerificationRoutes(app, emails);
  staffMfaRoutes(app, mfa);
  termsRoutes(app, new TermsService(deps.db, deps.relay));
  adminUserRoutes(app, new AdminUsersService(deps));
  auditLogRoutes(app, new AuditLogService(deps.db));
  verificationRoutes(
    app,
    new VerificationService({
      db: deps.db,
      relay: deps.relay,
      extraTrustRoots: readExtraTrustRoots(config.SIGNING_EXTRA_TRUST_ROOTS),
      evidence: config.VERIFICATION_EVIDENCE_KEY
        ? new EvidenceCipher(config.VERIFICATION_EVIDENCE_KEY)
        : undefined,
      lookup: options.registryLookup ?? new StaffReviewLookup(),
    }),
  );
  return app;
}

export { startAuditConsumer } from './events/audit-consumer.js';
export { startSubscriptionConsumer } from './events/subscription-consumer.js';
