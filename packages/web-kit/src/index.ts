export * from './api.js';
export * from './form.js';
export * from './format.js';
export * from './mount.js';
export * from './providers.js';
export * from './store.js';
export * from './theme.js';
export * from './toast.js';
