/** Test helpers of both SPAs' component tests (never imported by app code). */

// The one setting that stretches waits on a slow machine (docs/releases.md), for component tests.
export { scaled } from '@pv/service-kit/time-scale';
export * from './fixtures.js';
export * from './json-responses.js';
export * from './render.js';
export * from './scheduler.js';
