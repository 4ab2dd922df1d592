// The steady load of the fault suite: clinicians (Premium, so no monthly limit interferes) each
// looping format -> PDF -> vault archive through the gateway, every call recorded with its outcome.
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, isRetryableAnswer, retryDelayMs } from '@pv/contracts';

export type OpKind = 'format' | 'pdf' | 'archive';

export interface OpResult {
  kind: OpKind;
  user: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 for a connection error or a timeout. */
  status: number;
  /** The server's error code when it gave one (a clear answer, e.g. NO_WORKER). */
  code?: string;
  /** The consultation the answer named (format and archive). */
  consultId?: string;
  /**
   * For an answer the suite could not read as a result or as a clear error: its real status and
   * the shape of its body (content type, length, JSON keys with their types), never its text.
   */
  unreadable?: string;
  /** What each failed attempt of this press got (its status and code, or "no answer"). */
  rawFailures?: string[];
  /** From the first failed attempt to the press' end: how long the person waited on retries. */
  retriedWaitMs?: number;
}

/** The shape of a body without its content: what a report may print (no patient text). */
export function bodyShape(answer: {
  status: number;
  type: string;
  json?: Record<string, unknown>;
  bytes?: Buffer;
}): string {
  if (answer.json) {
    const keys = Object.entries(answer.json)
      .map(
        ([key, value]) =>
          `${key}:${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`,
      )
      .sort();
    return `${answer.status} ${answer.type || 'no content-type'} {${keys.join(',')}}`;
  }
  return `${answer.status} ${answer.type || 'no content-type'} ${answer.bytes?.length ?? 0} bytes`;
}

/** A signed-in client of the gateway with its own cookies (the session, the vault's). */
export class GatewayClient {
  private readonly cookies = new Map<string, string>();
  /** `origin`: what a browser on the product's public address sends (the CSRF check reads it). */
  constructor(
    readonly baseUrl: string,
    readonly origin = baseUrl.replace('127.0.0.1', 'localhost'),
  ) {}

  /** The Cookie header a browser holding this client's cookies would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = 130_000,
    extraHeaders: Record<string, string> = {},
  ): Promise<{
    status: number;
    type: string;
    json?: Record<string, unknown>;
    bytes?: Buffer;
    headers?: Record<string, string>;
  }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...extraHeaders,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        origin: this.origin,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
    const bytes = Buffer.from(await response.arrayBuffer());
    const retryAfter = response.headers.get('retry-after');
    const headers = retryAfter ? { headers: { 'retry-after': retryAfter } } : {};
    if (type.includes('json')) {
      try {
        return {
          status: response.status,
          type,
          json: JSON.parse(bytes.toString('utf8')),
          ...headers,
        };
      } catch {
        return { status: response.status, type: `${type} (unparsable)`, bytes, ...headers };
      }
    }
    return { status: response.status, type, bytes, ...headers };
  }
}

// A short dictation with one word of its own, so every note can be told apart in the vault.
const dictation = (marker: string) =>
  `Paciente Helena Duarte, 52 anos. Refere cefaleia há três dias, pior à tarde. ` +
  `Pressão 130 por 85. Penso em cefaleia tensional. Vou prescrever dipirona 500 mg. ` +
  `Código ${marker}.`;

/** Why a call got no answer (the error's name and code), without anything it carried. */
function reasonOf(err: unknown): string {
  const cause = err instanceof Error ? (err.cause instanceof Error ? err.cause : err) : undefined;
  if (!cause) return 'error';
  return `${cause.name}${'code' in cause && typeof cause.code === 'string' ? ` ${cause.code}` : ''}`;
}

type Answer = Awaited<ReturnType<GatewayClient['call']>>;

/** The request of one press of a button: the same body (and key) on every attempt. */
function pressOf(kind: OpKind, marker: string): { path: string; body: unknown; key: string } {
  const key = randomUUID();
  if (kind === 'format')
    // The format's key travels as its request id (the server hashes it with the body).
    return {
      path: '/api/format-text',
      body: { text: dictation(marker), professional: 'consulta_medica', requestId: key },
      key,
    };
  if (kind === 'pdf')
    return {
      path: '/api/generate-pdf',
      body: {
        content: `Orientações ao paciente ${marker}: hidratação, repouso e retorno em 7 dias.`,
        title: 'Orientações',
        documentType: 'orientacoes_paciente',
      },
      key,
    };
  // The archive is keyed by its consultation: a retry updates the one record.
  return {
    path: '/api/transcript-vault/consult',
    body: {
      consultId: randomUUID(),
      formattedText: `Consulta Médica\n${dictation(marker)}`,
      rawTranscript: dictation(marker),
      professional: 'consulta_medica',
      uf: 'SP',
    },
    key,
  };
}

function delivered(kind: OpKind, answer: Answer): boolean {
  if (kind === 'format') return answer.status === 200 && typeof answer.json?.text === 'string';
  if (kind === 'pdf')
    return answer.status === 200 && answer.bytes?.subarray(0, 4).toString() === '%PDF';
  return answer.status === 200 || answer.status === 201;
}

/**
 * One press of a button, as the workspace makes it (api/retries.ts): an idempotency key per
 * press, and the same request sent again after an answer the policy says may be retried (no
 * answer, 503, a 5xx without the error shape), waiting its delays with jitter (or Retry-After).
 * Every failed attempt is a raw failure; the press fails only when the retries are spent or the
 * answer is a clear one.
 */
async function once(client: GatewayClient, user: string, kind: OpKind): Promise<OpResult> {
  const startedAt = Date.now();
  const press = pressOf(kind, `falha${randomUUID().slice(0, 8)}`);
  const rawFailures: string[] = [];
  let firstFailureAt: number | undefined;
  for (let attempt = 0; ; attempt += 1) {
    let answer: Answer | undefined;
    let failure: string;
    try {
      answer = await client.call('POST', press.path, press.body, 130_000, {
        [IDEMPOTENCY_KEY_HEADER]: press.key,
      });
      if (delivered(kind, answer)) {
        return {
          kind,
          user,
          startedAt,
          endedAt: Date.now(),
          status: answer.status,
          ...consultIdOf(answer),
          ...retriesOf(rawFailures, firstFailureAt),
        };
      }
      const code = typeof answer.json?.code === 'string' ? answer.json.code : undefined;
      failure = `${answer.status}${code ? ` ${code}` : ''}`;
    } catch (err) {
      failure = `no answer (${reasonOf(err)})`;
    }
    rawFailures.push(failure);
    firstFailureAt ??= Date.now();
    const status = answer?.status ?? 0;
    const clearAnswer =
      answer !== undefined &&
      status >= 400 &&
      typeof answer.json?.code === 'string' &&
      typeof answer.json?.message === 'string';
    const code = clearAnswer ? (answer?.json?.code as string) : undefined;
    const retryAfter = Number(answer?.headers?.['retry-after'] ?? '');
    const wait =
      status === 200 || status === 201 || !isRetryableAnswer(status, code)
        ? undefined
        : retryDelayMs(attempt, Number.isFinite(retryAfter) ? retryAfter : undefined);
    if (wait === undefined) {
      return {
        kind,
        user,
        startedAt,
        endedAt: Date.now(),
        // A success without its result is reported as a bad gateway answer (never a success).
        status: status === 0 ? 0 : status < 400 ? 502 : status,
        ...(code ? { code } : {}),
        ...(clearAnswer ? {} : { unreadable: answer ? bodyShape(answer) : failure }),
        ...retriesOf(rawFailures, firstFailureAt),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const consultIdOf = (answer: Answer) => {
  const id = answer.json?.consultId ?? answer.json?.consult_id;
  return typeof id === 'string' ? { consultId: id } : {};
};

/** What the attempts before the last one met, and how long the press waited since the first. */
function retriesOf(rawFailures: string[], firstFailureAt: number | undefined) {
  if (rawFailures.length === 0 || firstFailureAt === undefined) return {};
  return { rawFailures, retriedWaitMs: Date.now() - firstFailureAt };
}

/** Runs each client's loop until `stop` is aborted; every outcome lands in `results`. */
export async function runLoad(
  clients: { user: string; client: GatewayClient }[],
  results: OpResult[],
  stop: AbortSignal,
  pauseMs = 250,
): Promise<void> {
  const kinds: OpKind[] = ['format', 'pdf', 'archive'];
  await Promise.all(
    clients.map(async ({ user, client }, index) => {
      let turn = index;
      while (!stop.aborted) {
        const kind = kinds[turn % kinds.length] as OpKind;
        turn += 1;
        const result = await once(client, user, kind);
        results.push(result);
        // A failed call is not retried at once: a clinician would wait a moment too.
        await new Promise((resolve) => setTimeout(resolve, result.status === 200 ? pauseMs : 1000));
      }
    }),
  );
}

export const succeeded = (r: OpResult) => r.status === 200 || r.status === 201;
