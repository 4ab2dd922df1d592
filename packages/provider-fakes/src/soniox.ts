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
  /** Bound at creation: every usage log entry of the key carries it. */
  clientReferenceId?: string;
  /** Set when a realtime connection used the key. */
  usedAt?: number;
}

/** One entry of Soniox's GET /v1/usage-logs (the fields the product reads, and a few more). */
export interface FakeSonioxUsageLog {
  uuid: string;
  request_scope: 'api';
  client_reference_id: string | null;
  model: string;
  start_time: string;
  end_time: string;
  input_audio_duration_ms: number;
  output_audio_duration_ms: number;
  input_text_tokens: number;
  input_audio_tokens: number;
  output_text_tokens: number;
  output_audio_tokens: number;
  total_cost_usd: number;
}

/** How the fake's usage logs misbehave, as Soniox's may: late entries, entries never written. */
export interface FakeSonioxLogBehaviour {
  /** An entry becomes readable this long after its session ended (a late record). */
  usageLogDelayMs?: number | null;
  /** Sessions ending while this is on leave no entry at all (a missing record). */
  dropUsageLogs?: boolean | null;
}

/**
 * The temporary keys the REST fake minted, which the realtime fake accepts (as Soniox accepts
 * only keys it issued): unknown, expired and already used single-use keys are refused.
 */
export class FakeSonioxKeyStore {
  readonly minted = new Map<string, MintedSonioxKey>();
  /** Every usage log entry written, with when it becomes readable through the REST API. */
  readonly usageLogs: { entry: FakeSonioxUsageLog; readableAt: number }[] = [];
  /** Shared with the REST fake's behaviour (so `PATCH /_fake/behaviour` steers it too). */
  logBehaviour: FakeSonioxLogBehaviour = {};

  /**
   * Keys are HTTP tokens (RFC 7230 `tchar`s only), because Soniox has browsers send the temporary
   * key as the second entry of the WebSocket protocols list and a browser refuses any other
   * protocol string (`new WebSocket()` throws a SyntaxError). The prefix must keep to that too.
   */
  constructor(private readonly prefix = 'temp_') {
    if (!isProtocolToken(prefix)) throw new Error(`key prefix '${prefix}' is no protocol token`);
  }

  mint(
    expiresInSeconds: number,
    singleUse: boolean,
    maxSessionSeconds?: number,
    clientReferenceId?: string,
  ): string {
    const key = `${this.prefix}${randomBytes(13).toString('hex').toUpperCase()}`;
    this.minted.set(key, {
      expiresAt: Date.now() + expiresInSeconds * 1000,
      singleUse,
      ...(maxSessionSeconds === undefined ? {} : { maxSessionSeconds }),
      ...(clientReferenceId === undefined ? {} : { clientReferenceId }),
    });
    return key;
  }

  /**
   * Writes the usage log entry of a session the key opened, as Soniox does when a request
   * completes: its audio is the session's length, never more than the key's session cap.
   * A test also calls it directly for a session it did not run through the realtime fake.
   */
  recordSession(key: string, startedAt: number, endedAt: number): FakeSonioxUsageLog | null {
    const minted = this.minted.get(key);
    if (!minted || this.logBehaviour.dropUsageLogs) return null;
    const capMs = (minted.maxSessionSeconds ?? 18_000) * 1000;
    const durationMs = Math.max(0, Math.min(endedAt - startedAt, capMs));
    const entry: FakeSonioxUsageLog = {
      uuid: crypto.randomUUID(),
      request_scope: 'api',
      client_reference_id: minted.clientReferenceId ?? null,
      model: 'stt-rt-v3',
      start_time: new Date(startedAt).toISOString(),
      end_time: new Date(startedAt + durationMs).toISOString(),
      input_audio_duration_ms: durationMs,
      output_audio_duration_ms: 0,
      input_text_tokens: 0,
      input_audio_tokens: Math.round(durationMs / 40),
      output_text_tokens: Math.round(durationMs / 300),
      output_audio_tokens: 0,
      total_cost_usd: Math.round((durationMs / 3_600_000) * 0.12 * 1e6) / 1e6,
    };
    this.usageLogs.push({
      entry,
      readableAt: startedAt + durationMs + (this.logBehaviour.usageLogDelayMs ?? 0),
    });
    return entry;
  }

  /**
   * GET /v1/usage-logs as documented: entries whose end_time is in [start, end), ordered by
   * (end_time, uuid) ascending or descending, `limit` per page, an opaque cursor for the next.
   */
  usageLogPage(query: {
    start: number;
    end: number;
    limit: number;
    sort: 'end_time_asc' | 'end_time_desc';
    cursor?: string;
  }): { usage_logs: FakeSonioxUsageLog[]; next_page_cursor: string | null } {
    const now = Date.now();
    const matching = this.usageLogs
      .filter(({ readableAt }) => readableAt <= now)
      .map(({ entry }) => entry)
      .filter((entry) => {
        const end = Date.parse(entry.end_time);
        return end >= query.start && end < query.end;
      })
      .sort((a, b) => a.end_time.localeCompare(b.end_time) || a.uuid.localeCompare(b.uuid));
    if (query.sort === 'end_time_desc') matching.reverse();
    const offset = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString()) : 0;
    const page = matching.slice(offset, offset + query.limit);
    const next = offset + page.length;
    return {
      usage_logs: page,
      next_page_cursor:
        next < matching.length ? Buffer.from(String(next)).toString('base64url') : null,
    };
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
export interface FakeSonioxBehaviour extends FakeSonioxLogBehaviour {
  /** Answer every key request with this status and Soniox's error body (e.g. a revoked key). */
  refuseKeys?: { status: number; errorType: string; message: string } | null;
}

const isInt = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * A local stand-in for Soniox's REST endpoints POST /v1/auth/temporary-api-key (Bearer auth, the
 * documented body rules: usage_type, expires_in_seconds 1..3600, max_session_duration_seconds
 * 1..18000, client_reference_id up to 256 characters; 201 with {api_key, expires_at}) and
 * GET /v1/usage-logs (start_time/end_time by end time, at most 31 days, limit 1..1000, sort,
 * cursor; entries late or missing as `behaviour` says), Soniox's error shape otherwise. The keys it mints
 * land in `keys`, for startFakeSonioxRealtime. `GET /_fake/state` and `PATCH /_fake/behaviour`
 * let a test in another process (a browser suite) read and steer it.
 */
export async function startFakeSoniox(
  apiKey = 'soniox-test-key',
  keys: FakeSonioxKeyStore = new FakeSonioxKeyStore(),
) {
  const requests: TemporaryKeyRequest[] = [];
  const behaviour: FakeSonioxBehaviour = {};
  keys.logBehaviour = behaviour;
  const usageLogReads: { start_time: string; end_time: string }[] = [];
  const error = (status: number, errorType: string, message: string) => ({
    status_code: status,
    error_type: errorType,
    message,
    validation_errors: [],
    request_id: randomBytes(8).toString('hex'),
  });
  const control: FakeControl = {
    state: () => ({
      keyRequests: requests.length,
      mintedKeys: keys.minted.size,
      usageLogs: keys.usageLogs.length,
      usageLogReads: usageLogReads.length,
    }),
    behaviour: behaviour as Record<string, unknown>,
  };
  const server = await listen(async (req, res) => {
    const text = await readBody(req);
    if (handleFakeControl(req, res, text, control)) return;
    const url = new URL(req.url ?? '/', 'http://fake');
    const logs = req.method === 'GET' && url.pathname === '/v1/usage-logs';
    if (!logs && (req.method !== 'POST' || url.pathname !== '/v1/auth/temporary-api-key'))
      return sendJson(res, 404, error(404, 'not_found', 'Not found.'));
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return sendJson(res, 401, error(401, 'unauthenticated', 'Incorrect API key provided.'));
    if (logs) {
      const start = Date.parse(url.searchParams.get('start_time') ?? '');
      const end = Date.parse(url.searchParams.get('end_time') ?? '');
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      const sort = url.searchParams.get('sort') ?? 'end_time_asc';
      const cursor = url.searchParams.get('cursor') ?? undefined;
      const windowOk = end > start && end - start <= 31 * 86_400_000;
      if (
        Number.isNaN(start) ||
        Number.isNaN(end) ||
        !windowOk ||
        !isInt(limit, 1, 1000) ||
        (sort !== 'end_time_asc' && sort !== 'end_time_desc') ||
        (cursor !== undefined && !/^[A-Za-z0-9_-]+$/.test(cursor))
      )
        return sendJson(res, 400, error(400, 'invalid_request', 'Invalid request.'));
      usageLogReads.push({
        start_time: new Date(start).toISOString(),
        end_time: new Date(end).toISOString(),
      });
      return sendJson(res, 200, keys.usageLogPage({ start, end, limit, sort, cursor }));
    }
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
        isInt(body.max_session_duration_seconds, 1, 18000)) &&
      (body.client_reference_id === undefined ||
        (typeof body.client_reference_id === 'string' &&
          body.client_reference_id.length >= 1 &&
          body.client_reference_id.length <= 256));
    if (!valid) return sendJson(res, 400, error(400, 'invalid_request', 'Invalid request.'));
    requests.push(body);
    const ttl = Number(body.expires_in_seconds);
    const key = keys.mint(
      ttl,
      body.single_use === true,
      body.max_session_duration_seconds as number | undefined,
      body.client_reference_id as string | undefined,
    );
    sendJson(res, 201, {
      api_key: key,
      expires_at: new Date(Date.now() + ttl * 1000).toISOString(),
    });
  });
  return {
    url: server.url,
    apiKey,
    requests,
    keys,
    behaviour,
    usageLogReads,
    close: server.close,
  };
}
