export * from './audit.js';
export * from './quota-client.js';
export * from './storage.js';
