import { randomBytes } from 'node:crypto';
import { type FakeControl, handleFakeControl, listen, readBody, sendJson } from './http.js';

/** What a browser accepts as a WebSocket protocol (RFC 6455 §4.1: an RFC 7230 token). */
export const isProtocolToken = (value: string) => /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(value);

export interface TemporaryKeyRequest {
  usage_type?: unknown;
  expires_in_seconds?: unknown;
  max_session_duration_seconds?: unknown;
  single_use?: unknown;
  client_reference_id?: unknown;
}

export interface MintedSonioxKey {
  expiresAt: number;
  singleUse: boolean;
  maxSessionSeconds?: number;
  /** Set when a realtime connection used the key. */
  usedAt?: number;
}

/**
 * The temporary keys the REST fake minted, which the realtime fake accepts (as Soniox accepts
 * only keys it issued): unknown, expired and already used single-use keys are refused.
 */
export class FakeSonioxKeyStore {
  readonly minted = new Map<string, MintedSonioxKey>();

  /**
   * Keys are HTTP tokens (RFC 7230 `tchar`s only), because Soniox has browsers send the temporary
   * key as the second entry of the WebSocket protocols list and a browser refuses any other
   * protocol string (`new WebSocket()` throws a SyntaxError). The prefix must keep to that too.
   */
  constructor(private readonly prefix = 'temp_') {
    if (!isProtocolToken(prefix)) throw new Error(`key prefix '${prefix}' is no protocol token`);
  }

  mint(expiresInSeconds: number, singleUse: boolean, maxSessionSeconds?: number): string {
    const key = `${this.prefix}${randomBytes(13).toString('hex').toUpperCase()}`;
    this.minted.set(key, {
      expiresAt: Date.now() + expiresInSeconds * 1000,
      singleUse,
      ...(maxSessionSeconds === undefined ? {} : { maxSessionSeconds }),
    });
    return key;
  }

  /** Takes the key for one connection; false when Soniox would refuse it. */
  consume(key: string): boolean {
    const entry = this.minted.get(key);
    if (!entry || entry.expiresAt < Date.now()) return false;
    if (entry.singleUse && entry.usedAt !== undefined) return false;
    entry.usedAt = Date.now();
    return true;
  }
}

/** What a test may switch on the REST fake (also through `PATCH /_fake/behaviour`). */
export interface FakeSonioxBehaviour {
  /** Answer every key request with this status and Soniox's error body (e.g. a revoked key). */
  refuseKeys?: { status: number; errorType: string; message: string } | null;
}

const isInt = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * A local stand-in for Soniox's REST endpoint POST /v1/auth/temporary-api-key: Bearer auth,
 * the documented body rules (usage_type, expires_in_seconds 1..3600, max_session_duration_seconds
 * 1..18000), 201 with {api_key, expires_at}, and Soniox's error shape otherwise. The keys it mints
 * land in `keys`, for startFakeSonioxRealtime. `GET /_fake/state` and `PATCH /_fake/behaviour`
 * let a test in another process (a browser suite) read and steer it.
 */
export async function startFakeSoniox(
  apiKey = 'soniox-test-key',
  keys: FakeSonioxKeyStore = new FakeSonioxKeyStore(),
) {
  const requests: TemporaryKeyRequest[] = [];
  const behaviour: FakeSonioxBehaviour = {};
  const error = (status: number, errorType: string, message: string) => ({
    status_code: status,
    error_type: errorType,
    message,
    validation_errors: [],
    request_id: randomBytes(8).toString('hex'),
  });
  const control: FakeControl = {
    state: () => ({ keyRequests: requests.length, mintedKeys: keys.minted.size }),
    behaviour: behaviour as Record<string, unknown>,
  };
  const server = await listen(async (req, res) => {
    const text = await readBody(req);
    if (handleFakeControl(req, res, text, control)) return;
    if (req.method !== 'POST' || req.url !== '/v1/auth/temporary-api-key')
      return sendJson(res, 404, error(404, 'not_found', 'Not found.'));
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return sendJson(res, 401, error(401, 'unauthenticated', 'Incorrect API key provided.'));
    if (behaviour.refuseKeys) {
      const { status, errorType, message } = behaviour.refuseKeys;
      return sendJson(res, status, error(status, errorType, message));
    }
    let body: TemporaryKeyRequest;
    try {
      body = JSON.parse(text) as TemporaryKeyRequest;
    } catch {
      return sendJson(res, 400, error(400, 'invalid_request', 'Invalid request.'));
    }
    const valid =
      body.usage_type === 'transcribe_websocket' &&
      isInt(body.expires_in_seconds, 1, 3600) &&
      (body.max_session_duration_seconds === undefined ||
        isInt(body.max_session_duration_seconds, 1, 18000));
    if (!valid) return sendJson(res, 400, error(400, 'invalid_request', 'Invalid request.'));
    requests.push(body);
    const ttl = Number(body.expires_in_seconds);
    const key = keys.mint(
      ttl,
      body.single_use === true,
      body.max_session_duration_seconds as number | undefined,
    );
    sendJson(res, 201, {
      api_key: key,
      expires_at: new Date(Date.now() + ttl * 1000).toISOString(),
    });
  });
  return { url: server.url, apiKey, requests, keys, behaviour, close: server.close };
}
