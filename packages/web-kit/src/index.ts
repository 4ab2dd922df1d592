export * from './api.js';
export * from './format.js';
export * from './toast.js';
