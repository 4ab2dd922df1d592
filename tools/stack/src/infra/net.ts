// Raw TCP (and TLS) conversations the probes hold with a server: each answers "is a usable
// server there?" and never throws.
import net from 'node:net';
import tls from 'node:tls';
import type { Endpoint } from './components.js';

export type ProbeResult = { ok: true } | { ok: false; reason: string };

/** True when something accepts TCP connections on host:port. */
export function probeTcp(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Opens a connection, optionally writes `request`, and resolves with what the server said first
 * (until `isComplete` accepts it), or an error reason.
 */
export function exchange(
  endpoint: Endpoint,
  request: string | undefined,
  isComplete: (received: string) => boolean,
  timeoutMs: number,
): Promise<{ reply: string } | { failure: string }> {
  return new Promise((resolve) => {
    const socket = endpoint.tls
      ? tls.connect({ host: endpoint.host, port: endpoint.port, servername: endpoint.host })
      : net.connect({ host: endpoint.host, port: endpoint.port });
    let received = '';
    let settled = false;
    const finish = (result: { reply: string } | { failure: string }) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => finish({ failure: 'no answer (timed out)' }));
    socket.once(endpoint.tls ? 'secureConnect' : 'connect', () => {
      if (request !== undefined) socket.write(request);
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (isComplete(received)) finish({ reply: received });
    });
    socket.once('error', (err: NodeJS.ErrnoException) =>
      finish({ failure: err.code ?? err.message }),
    );
    socket.once('close', () => finish({ failure: 'connection closed without an answer' }));
  });
}
