// BullMQ jobs: job definitions, the queue and its workers, a worker's health server.
export * from '../jobs.js';
export * from '../queue.js';
export * from '../worker.js';
export * from '../worker-health.js';
export * from '../worker-process.js';
