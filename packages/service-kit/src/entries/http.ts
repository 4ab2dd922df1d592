// The HTTP side of a service: the Fastify app and its plugins, routes, errors, validation,
// sessions and the staff second factor, rate limits. The only entry that loads Fastify.
export * from '../app.js';
export * from '../errors.js';
export * from '../http-timeouts.js';
export * from '../rate-limiter.js';
export * from '../routes.js';
export * from '../session.js';
export * from '../standard-app.js';
export * from '../totp.js';
export * from '../validation.js';
