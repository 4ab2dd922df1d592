// The steady load of the fault suite: clinicians (Premium, so no monthly limit interferes) each
// looping format -> PDF -> vault archive through the gateway, every call recorded with its outcome.
import { randomUUID } from 'node:crypto';

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
  /** A format whose first answer was unreadable and was retried with the same request id. */
  retried?: string;
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
  ): Promise<{ status: number; type: string; json?: Record<string, unknown>; bytes?: Buffer }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
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
    if (type.includes('json')) {
      try {
        return { status: response.status, type, json: JSON.parse(bytes.toString('utf8')) };
      } catch {
        return { status: response.status, type: `${type} (unparsable)`, bytes };
      }
    }
    return { status: response.status, type, bytes };
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

async function once(client: GatewayClient, user: string, kind: OpKind): Promise<OpResult> {
  const startedAt = Date.now();
  const marker = `falha${randomUUID().slice(0, 8)}`;
  let retried: string | undefined;
  try {
    let answer: Awaited<ReturnType<GatewayClient['call']>>;
    let ok = false;
    if (kind === 'format') {
      // As the workspace does (formatWithRetry): one request id per press, and up to three
      // retries with it (1.5 s, 3 s, 6 s) after an answer that could not be read, which join the
      // note still being written or take the one written for the lost answer.
      const body = {
        text: dictation(marker),
        professional: 'consulta_medica',
        requestId: randomUUID(),
      };
      const press = () =>
        client.call('POST', '/api/format-text', body).catch((err: unknown) => err as Error);
      let first = await press();
      for (const delay of [1_500, 3_000, 6_000]) {
        if ('status' in first && (first.status < 500 || typeof first.json?.code === 'string'))
          break;
        retried ??= 'status' in first ? bodyShape(first) : `no answer (${reasonOf(first)})`;
        await new Promise((resolve) => setTimeout(resolve, delay));
        first = await press();
      }
      if (!('status' in first)) throw first;
      answer = first;
      ok = answer.status === 200 && typeof answer.json?.text === 'string';
    } else if (kind === 'pdf') {
      answer = await client.call('POST', '/api/generate-pdf', {
        content: `Orientações ao paciente ${marker}: hidratação, repouso e retorno em 7 dias.`,
        title: 'Orientações',
        documentType: 'orientacoes_paciente',
      });
      ok = answer.status === 200 && answer.bytes?.subarray(0, 4).toString() === '%PDF';
    } else {
      answer = await client.call('POST', '/api/transcript-vault/consult', {
        consultId: randomUUID(),
        formattedText: `Consulta Médica\n${dictation(marker)}`,
        rawTranscript: dictation(marker),
        professional: 'consulta_medica',
        uf: 'SP',
      });
      ok = answer.status === 200 || answer.status === 201;
    }
    const { status, json } = answer;
    // A clear error: an error status with the error shape (a code and a message).
    const clear =
      !ok && status >= 400 && typeof json?.code === 'string' && typeof json?.message === 'string';
    const consultId =
      typeof json?.consultId === 'string'
        ? json.consultId
        : typeof json?.consult_id === 'string'
          ? json.consult_id
          : undefined;
    return {
      kind,
      user,
      startedAt,
      endedAt: Date.now(),
      // A success without its result is reported as a bad gateway answer (never a success).
      status: ok ? status : status < 400 ? 502 : status,
      ...(clear ? { code: json?.code as string } : {}),
      ...(consultId ? { consultId } : {}),
      ...(ok || clear ? {} : { unreadable: bodyShape(answer) }),
      ...(retried ? { retried } : {}),
    };
  } catch (err) {
    const reason = reasonOf(err);
    return {
      kind,
      user,
      startedAt,
      endedAt: Date.now(),
      status: 0,
      unreadable: `no answer (${reason})`,
      ...(retried ? { retried } : {}),
    };
  }
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
