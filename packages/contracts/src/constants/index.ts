/**
 * `@pv/contracts/constants`: every constant, pt-BR message and literal type of the contracts,
 * without a schema. The SPAs import values from here only, so their bundles never see TypeBox;
 * `@pv/contracts` re-exports all of it for the services.
 */
export * from './analytics.js';
export * from './audit.js';
export * from './auth.js';
export * from './billing.js';
export * from './documents.js';
export * from './email-verification.js';
export * from './events.js';
export * from './formatting.js';
export * from './messages.js';
export * from './pages.js';
export * from './registry.js';
export * from './retries.js';
export * from './staff-mfa.js';
export * from './support.js';
export * from './vault.js';
