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
  ): Promise<{ status: number; json?: Record<string, unknown>; bytes?: Buffer }> {
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
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json'))
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }
}

// A short dictation with one word of its own, so every note can be told apart in the vault.
const dictation = (marker: string) =>
  `Paciente Helena Duarte, 52 anos. Refere cefaleia há três dias, pior à tarde. ` +
  `Pressão 130 por 85. Penso em cefaleia tensional. Vou prescrever dipirona 500 mg. ` +
  `Código ${marker}.`;

async function once(client: GatewayClient, user: string, kind: OpKind): Promise<OpResult> {
  const startedAt = Date.now();
  const marker = `falha${randomUUID().slice(0, 8)}`;
  try {
    let status: number;
    let json: Record<string, unknown> | undefined;
    let ok = false;
    if (kind === 'format') {
      ({ status, json } = await client.call('POST', '/api/format-text', {
        text: dictation(marker),
        professional: 'consulta_medica',
      }));
      ok = status === 200 && typeof json?.text === 'string';
    } else if (kind === 'pdf') {
      const answer = await client.call('POST', '/api/generate-pdf', {
        content: `Orientações ao paciente ${marker}: hidratação, repouso e retorno em 7 dias.`,
        title: 'Orientações',
        documentType: 'orientacoes_paciente',
      });
      status = answer.status;
      json = answer.json;
      ok = status === 200 && answer.bytes?.subarray(0, 4).toString() === '%PDF';
    } else {
      ({ status, json } = await client.call('POST', '/api/transcript-vault/consult', {
        consultId: randomUUID(),
        formattedText: `Consulta Médica\n${dictation(marker)}`,
        rawTranscript: dictation(marker),
        professional: 'consulta_medica',
        uf: 'SP',
      }));
      ok = status === 200 || status === 201;
    }
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
      status: ok ? status : status === 200 ? 502 : status,
      ...(typeof json?.code === 'string' ? { code: json.code } : {}),
      ...(consultId ? { consultId } : {}),
    };
  } catch {
    return { kind, user, startedAt, endedAt: Date.now(), status: 0 };
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
