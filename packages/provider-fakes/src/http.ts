import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** The whole request body as bytes (S3 objects, gzip or protobuf OTLP). */
export async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBytes(req)).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Listens on an ephemeral port of 127.0.0.1 and resolves with the base URL. A handler that
 * throws answers 500 with `{ error }`, unless `onError` answers in the provider's own shape.
 */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onError: (res: ServerResponse, error: unknown) => void = (res, error) =>
    sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) }),
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => onError(res, error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fake's remote control, for tests that run in another process than the fake. */
export interface FakeControl {
  state(): unknown;
  /** Shallow-merged with the JSON body of `PATCH /_fake/behaviour` (null clears a field). */
  behaviour: Record<string, unknown>;
}

/**
 * Answers `GET /_fake/state` and `PATCH /_fake/behaviour` (returns true when it did). Only the
 * fakes have these paths: no real provider is steered this way.
 */
export function handleFakeControl(
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  control: FakeControl,
): boolean {
  if (req.method === 'GET' && req.url === '/_fake/state') {
    sendJson(res, 200, control.state());
    return true;
  }
  if (req.method === 'PATCH' && req.url === '/_fake/behaviour') {
    try {
      Object.assign(control.behaviour, JSON.parse(body || '{}') as Record<string, unknown>);
    } catch {
      sendJson(res, 400, { error: 'invalid JSON' });
      return true;
    }
    sendJson(res, 200, control.behaviour);
    return true;
  }
  return false;
}
