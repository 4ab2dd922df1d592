// A process rolled by the `npm start` supervisor (tools/stack/src/processes.ts): the replacement
// starts beside the old process, says when it is ready, and only then is the old one stopped, so
// nobody meets a refused connection. Two things make that possible, and neither applies outside
// the supervisor (Kubernetes rolls pods, each with its own address):
// - both processes bind the same port: SO_REUSEPORT (Node's `reusePort`, Linux), which the kernel
//   honours only when every socket on the port asked for it, so the supervisor turns it on for
//   every process it starts (LISTEN_REUSE_PORT=true) and nothing else ever shares the port;
// - the replacement tells the supervisor over the IPC channel the supervisor gave it.

/** What a process sends its supervisor once it serves (listening, stores open). */
export const READY_MESSAGE = 'pv:ready';

/** Whether this process binds its ports with SO_REUSEPORT (set by the supervisor only). */
export function listenReusingPort(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LISTEN_REUSE_PORT === 'true';
}

/**
 * Fastify's `listen` options for `port` and `host`, with SO_REUSEPORT when the supervisor asks
 * for it. Fastify hands the object to Node's `server.listen` as is (lib/server.js), but its
 * types do not list `reusePort` yet: hence the widening here, in one place.
 */
export function listenOptions(port: number, host: string): { port: number; host: string } {
  return { port, host, ...(listenReusingPort() ? { reusePort: true } : {}) };
}

/** Tells the supervisor (if any) that this process is ready; then its channel no longer holds it. */
export function announceReady(): void {
  if (typeof process.send !== 'function' || !process.connected) return;
  process.send({ type: READY_MESSAGE }, undefined, {}, () => {
    // The channel would otherwise keep the event loop alive after everything else closed.
    process.channel?.unref();
  });
}
