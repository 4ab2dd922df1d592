/** Test helpers of both SPAs' component tests (never imported by app code). */
export * from './fixtures.js';
export * from './json-responses.js';
export * from './render.js';
