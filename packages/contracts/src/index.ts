export * from './analytics.js';
export * from './audit.js';
export * from './auth.js';
export * from './billing.js';
export * from './clinical-record.js';
export * from './common.js';
export * from './constants/index.js';
export * from './documents.js';
export * from './email-verification.js';
export * from './events.js';
export * from './formatting.js';
export * from './published-schema.js';
export * from './route.js';
export * from './staff-mfa.js';
export * from './support.js';
export * from './transcript.js';
export * from './vault.js';
export * from './verification.js';

import { AnalyticsRoutes } from './analytics.js';
import { AuditRoutes } from './audit.js';
import { AuthRoutes } from './auth.js';
import { BillingRoutes } from './billing.js';
import { DocumentsRoutes } from './documents.js';
import { EmailVerificationRoutes } from './email-verification.js';
import { FormattingRoutes } from './formatting.js';
import type { AnyRouteContract } from './route.js';
import { StaffMfaRoutes } from './staff-mfa.js';
import { SupportRoutes } from './support.js';
import { VaultRoutes } from './vault.js';
import { VerificationRoutes } from './verification.js';

/** Route contracts of a service, whether listed flat or grouped (e.g. an admin list's four routes). */
function flattenContractRoutes(routes: Record<string, object>): AnyRouteContract[] {
  return Object.values(routes).flatMap((entry) =>
    'method' in entry
      ? [entry as AnyRouteContract]
      : flattenContractRoutes(entry as Record<string, object>),
  );
}

/**
 * Every HTTP route of the product. A service's routes module adds its list here, so the
 * authorization matrix and the gateway routing checks cover a route the day it is declared.
 */
export const allRouteContracts: AnyRouteContract[] = [
  ...flattenContractRoutes(AuthRoutes),
  ...flattenContractRoutes(EmailVerificationRoutes),
  ...flattenContractRoutes(StaffMfaRoutes),
  ...flattenContractRoutes(AuditRoutes),
  ...flattenContractRoutes(FormattingRoutes),
  ...flattenContractRoutes(BillingRoutes),
  ...flattenContractRoutes(DocumentsRoutes),
  ...flattenContractRoutes(SupportRoutes),
  ...flattenContractRoutes(VaultRoutes),
  ...flattenContractRoutes(AnalyticsRoutes),
  ...flattenContractRoutes(VerificationRoutes),
];
export * from './asyncapi.js';
