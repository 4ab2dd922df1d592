import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** An error S3 answers: its status, code and message, and the extra elements of its XML body. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Answers an error as S3 does: an XML body (none for HEAD) and a request id. */
export function sendError(
  res: ServerResponse,
  error: S3Error,
  request: { method: string; resource: string },
): void {
  const { method, resource } = request;
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const extra = Object.entries(error.extra)
    .map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`)
    .join('');
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message>` +
    `${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
  const headers = { 'content-type': 'application/xml', 'x-amz-request-id': requestId };
  // HEAD answers carry no body: S3 sends the status alone.
  if (method === 'HEAD') {
    res.writeHead(error.status, headers);
    res.end();
    return;
  }
  res.writeHead(error.status, { ...headers, 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}
