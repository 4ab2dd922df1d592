import { randomBytes } from 'node:crypto';
import { listen, readBody, sendJson } from './http.js';

export interface TemporaryKeyRequest {
  usage_type?: unknown;
  expires_in_seconds?: unknown;
  max_session_duration_seconds?: unknown;
  single_use?: unknown;
  client_reference_id?: unknown;
}

const isInt = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * A local stand-in for Soniox's REST endpoint POST /v1/auth/temporary-api-key: Bearer auth,
 * the documented body rules (usage_type, expires_in_seconds 1..3600, max_session_duration_seconds
 * 1..18000), 201 with {api_key, expires_at}, and Soniox's error shape otherwise.
 */
export async function startFakeSoniox(apiKey = 'soniox-test-key') {
  const requests: TemporaryKeyRequest[] = [];
  const error = (status: number, errorType: string, message: string) => ({
    status_code: status,
    error_type: errorType,
    message,
    validation_errors: [],
    request_id: randomBytes(8).toString('hex'),
  });
  const server = await listen(async (req, res) => {
    const text = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/auth/temporary-api-key')
      return sendJson(res, 404, error(404, 'not_found', 'Not found.'));
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return sendJson(res, 401, error(401, 'unauthenticated', 'Incorrect API key provided.'));
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
    sendJson(res, 201, {
      api_key: `temp:${randomBytes(13).toString('hex').toUpperCase()}`,
      expires_at: new Date(Date.now() + Number(body.expires_in_seconds) * 1000).toISOString(),
    });
  });
  return { url: server.url, apiKey, requests, close: server.close };
}
