import { randomBytes } from 'node:crypto';
import type {
  ConsultFormattedPayload,
  ConsultFormattedSummaryPayload,
  FormatTextResponse,
} from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { WORKER_WAIT_MS } from '@pv/service-kit/runtime';
import { eventually, scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  collectEvents,
  type FormattingUnderTest,
  parseSse,
  startFormatting,
} from './harness.js';

const DICTATION =
  'Paciente Maria Aparecida Santos, 52 anos, sexo feminino. Queixa principal: dor de cabeça há três dias. ' +
  'História: dor em peso, piora no fim da tarde, sem febre. Ao exame: PA 150x90, FC 88. ' +
  'Hipótese: cefaleia tensional. Conduta: dipirona 500 mg de 6 em 6 horas por 3 dias.';

/** A client from its own address, so the anonymous per-IP limit of one test can't touch another. */
const ownIp = (client: Client) => {
  // A /64 of its own: per-address limits group IPv6 by /64, and Redis keeps an hour's counts.
  client.headers['x-forwarded-for'] =
    `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
  return client;
};

let svc: FormattingUnderTest;
beforeAll(async () => {
  svc = await startFormatting({ ANON_FORMAT_MAX_PER_HOUR: '3' });
});
afterAll(() => svc.close());

describe('POST /api/format-text, offline (no LLM configured)', () => {
  it('formats a dictation into the structured note of the specialty, labelled offline', async () => {
    const client = ownIp(await svc.as('anonymous'));
    const res = await client.post('/api/format-text', {
      text: DICTATION,
      language: 'pt-BR',
      professional: 'consulta_medica',
    });
    expect(res.status).toBe(200);
    const body = res.body as unknown as FormatTextResponse;
    expect(body.engine).toBe('offline');
    expect(body.model).toBe('offline-ptbr');
    expect(body.consultId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.formatted?.patientData).toEqual({
      name: 'Maria Aparecida Santos',
      age: '52 anos',
      gender: 'Feminino',
    });
    expect(body.formatted?.diagnosticHypothesis).toMatch(/cefaleia tensional/i);
    expect(body.formatted?.treatment).toMatch(/dipirona 500 mg/i);
    expect(body.text).toBe(body.formatted?.text);
  });

  it('answers one note per patient plus a summary with multiple patients', async () => {
    const client = await svc.as('free');
    const res = await client.post('/api/format-text', {
      text: `[Paciente 1] Paciente João, 30 anos. Queixa: tosse. [Paciente 2] Paciente Ana, 8 anos. Queixa: febre.`,
      professional: 'medico_familia',
      multiplePatients: true,
    });
    const body = res.body as unknown as FormatTextResponse;
    expect(res.status).toBe(200);
    expect(body.formatted).toBeUndefined();
    expect(body.patients).toHaveLength(2);
    expect(body.patients?.[0]?.patientData.name).toBe('João');
    expect(body.patients?.[1]?.patientData.name).toBe('Ana');
    expect(body.summary).toMatch(/2 pacientes/);
  });

  it('publishes the text on phi.consult.formatted.v1, received by a durable consumer that was offline', async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-consult');
    const durable = `test-consult-${randomBytes(4).toString('hex')}`;
    const first = await collectEvents(nc, durable, ['phi.consult.formatted.v1']);
    await first.pause();
    const client = await svc.as('free');
    const res = await client.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      audioLengthSec: 95,
    });
    const consultId = String(res.body.consultId);
    const back = await collectEvents(nc, durable, ['phi.consult.formatted.v1']);
    const event = await back.waitFor(
      (e) => (e.payload as ConsultFormattedPayload).consultId === consultId,
    );
    expect(event.payload).toMatchObject({
      consultId,
      userId: client.userId,
      professional: 'consulta_medica',
      engine: 'offline',
      rawTranscript: DICTATION,
      formattedText: String(res.body.text),
      audioLengthSec: 95,
      clientIp: '127.0.0.1',
    });
    await back.stop();
    await nc.close();
  });

  it('publishes a PHI-free consult.formatted.v1 for everyone else, and keeps no payload once published', async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-consult-summary');
    const durable = `test-summary-${randomBytes(4).toString('hex')}`;
    // A consumer of several ordinary subjects (as billing is) reads PV_EVENTS only.
    const events = await collectEvents(nc, durable, [
      'consult.formatted.v1',
      'ai.request.completed.v1',
    ]);
    const client = await svc.as('free');
    const res = await client.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      audioLengthSec: 95,
    });
    const consultId = String(res.body.consultId);
    const event = await events.waitFor(
      (e) => (e.payload as ConsultFormattedSummaryPayload).consultId === consultId,
    );
    expect(event.subject).toBe('consult.formatted.v1');
    expect(event.payload).toEqual({
      consultId,
      userId: client.userId,
      professional: 'consulta_medica',
      engine: 'offline',
      transcriptChars: DICTATION.length,
      formattedChars: String(res.body.text).length,
      audioLengthSec: 95,
      promptTokens: 0,
      completionTokens: 0,
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(events.received)).not.toContain(DICTATION.slice(0, 30));
    // Both outbox rows were emptied when they were marked published.
    await eventually(async () => {
      const rows = await svc.db
        .selectFrom('outbox_events')
        .select(['payload', 'published_at'])
        .where('subject', 'in', ['consult.formatted.v1', 'phi.consult.formatted.v1'])
        .execute();
      return rows.length > 0 && rows.every((r) => r.published_at !== null && r.payload === null);
    });
    await events.stop();
    await nc.close();
  });

  it('streams with Accept: text/event-stream and ends with the same final object', async () => {
    const response = await fetch(`${svc.url}/api/format-text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ text: DICTATION, professional: 'consulta_medica' }),
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = parseSse(await response.text());
    expect(events.map((e) => e.event)).toContain('delta');
    const result = events.at(-1)!;
    expect(result.event).toBe('result');
    expect((result.data as FormatTextResponse).engine).toBe('offline');
    expect((result.data as FormatTextResponse).formatted?.patientData.name).toBe(
      'Maria Aparecida Santos',
    );
  });
});

describe('POST /api/format-text rules and bad input', () => {
  it.each([
    [
      { text: '   ', professional: 'consulta_medica' },
      'A transcrição está vazia. Grave ou digite o atendimento antes de formatar.',
    ],
    [
      { text: 'x'.repeat(200_001), professional: 'consulta_medica' },
      'A transcrição passou do limite de 200.000 caracteres. Formate o atendimento em partes.',
    ],
    [{ text: 'texto', professional: 'dentista' }, 'Informe uma especialidade válida da lista.'],
    [
      { text: 'texto', professional: 'consulta_medica', language: 'en-US' },
      'Idioma não suportado: use pt-BR.',
    ],
  ])('%# refuses with a clear message', async (body, message) => {
    const res = await (await svc.as('free')).post('/api/format-text', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses both AI modes at once', async () => {
    const res = await (await svc.as('premium')).post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      useSuperAI: true,
      useAlternativeAI: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Escolha apenas um modo de IA: SUPER-IA ou IA-ALTERNATIVA.');
  });

  it.each(['useSuperAI', 'useAlternativeAI'])('%s needs a signed-in user', async (mode) => {
    const res = await ownIp(await svc.as('anonymous')).post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      [mode]: true,
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(
      'O SUPER-IA e a IA-ALTERNATIVA estão disponíveis apenas para usuários cadastrados.',
    );
  });

  it("refuses a customTemplateId that is not the caller's", async () => {
    const owner = await svc.as('premium');
    const id = String(
      (await owner.post('/api/user-templates', { name: 'T', content: 'Modelo próprio' })).body.id,
    );
    const other = await svc.as('premium');
    const res = await other.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      customTemplateId: id,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Template personalizado não encontrado.');
    const mine = await owner.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      customTemplateId: id,
    });
    expect(mine.status).toBe(200);
  });

  it('rate limits anonymous callers per IP', async () => {
    const client = ownIp(await svc.as('anonymous'));
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await client.post('/api/format-text', {
            text: DICTATION,
            professional: 'consulta_medica',
          })
        ).status,
      ).toBe(200);
    }
    const limited = await client.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Você atingiu o limite de formatações para visitantes. Entre ou crie uma conta gratuita para continuar.',
    );
    // The kit's limiter: its code and Retry-After (seconds until the address' hour frees).
    expect(limited.body.code).toBe('ANONYMOUS_LIMIT');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3_500);
    // a signed-in user is not limited this way
    expect(
      (
        await (
          await svc.as('free')
        ).post('/api/format-text', { text: DICTATION, professional: 'consulta_medica' })
      ).status,
    ).toBe(200);
  });
});

describe('POST /api/diagnostic-analysis (offline)', () => {
  it('returns hypotheses with criteria met and missing, marked as decision support', async () => {
    const res = await (await svc.as('free')).post('/api/diagnostic-analysis', {
      rawText:
        'Paciente relata tristeza profunda há um mês, perda de interesse pelas atividades, insônia, cansaço e sentimento de culpa.',
      additionalContext: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.engine).toBe('offline');
    const hypotheses = res.body.hypotheses as {
      code: string;
      criteriaMet: string[];
      criteriaMissing: string[];
    }[];
    expect(hypotheses[0]?.code).toMatch(/^F32/);
    expect(hypotheses[0]?.criteriaMet.length).toBeGreaterThan(0);
    expect(String(res.body.analysis)).toContain(
      'Apoio à decisão clínica: estas hipóteses não substituem a avaliação do profissional.',
    );
  });
});

describe('without a worker', () => {
  it('answers 503 once the worker wait is over, not after the format timeout', async () => {
    const lonely = await startFormatting({}, { worker: false });
    try {
      const started = Date.now();
      const res = await (await lonely.as('free')).post('/api/format-text', {
        text: DICTATION,
        professional: 'consulta_medica',
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        'O formatador está indisponível no momento. Tente novamente em instantes.',
      );
      // A worker restarting is waited for (WORKER_WAIT_MS, issue 29), the format's own timeout
      // (60 s) is not.
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(WORKER_WAIT_MS - 500);
      expect(waited).toBeLessThan(WORKER_WAIT_MS + scaled(10_000));
    } finally {
      await lonely.close();
    }
  });
});
