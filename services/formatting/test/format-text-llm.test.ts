import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import {
  type AiRequestCompletedPayload,
  emptyClinicalRecord,
  type FormatTextResponse,
  PROFESSIONALS,
} from '@pv/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { connectNats } from '@pv/service-kit/events';
import { scaled } from '@pv/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALTY_PROFILES } from '../src/notes/index.js';
import { collectEvents, type FormattingUnderTest, parseSse, startFormatting } from './harness.js';

const DICTATION =
  'Paciente José, 60 anos. Queixa: falta de ar aos esforços. Conduta: solicitar ecocardiograma.';

/** The JSON a well-behaved model answers for a specialty: every section filled. */
function modelAnswer(professional: (typeof PROFESSIONALS)[number]) {
  return JSON.stringify({
    // Structured Outputs in strict mode: the record is part of every answer (issue 28).
    record: emptyClinicalRecord(),
    patientData: { name: 'José', age: '60 anos', gender: 'Masculino' },
    sections: SPECIALTY_PROFILES[professional].sections.map((s) => ({
      key: s.key,
      content: `Conteúdo de ${s.heading}`,
    })),
  });
}

let fake: FakeOpenAI;
let alternative: FakeOpenAI;
let svc: FormattingUnderTest;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  alternative = await startFakeOpenAI();
  svc = await startFormatting({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'modelo-padrao',
    OPENAI_SUPER_MODEL: 'modelo-forte',
    OPENAI_ALT_BASE_URL: alternative.url,
    OPENAI_ALT_MODEL: 'modelo-alternativo',
    LLM_TIMEOUT_MS: '1500',
    LLM_MAX_RETRIES: '1',
  });
});
afterAll(async () => {
  await svc.close();
  await fake.close();
  await alternative.close();
});
afterEach(() => {
  fake.requests.length = 0;
  alternative.requests.length = 0;
});

const systemPrompt = (server: FakeOpenAI, index = 0) =>
  String(server.requests[index]?.body.messages.find((m) => m.role === 'system')?.content ?? '');

describe('format-text with an OpenAI-compatible endpoint', () => {
  it.each(PROFESSIONALS.map((p) => [p]))(
    '%s: the prompt carries its title and headings, and the answer becomes its note',
    async (professional) => {
      fake.setResponder(() => ({ content: modelAnswer(professional) }));
      const res = await (await svc.as('free')).post('/api/format-text', {
        text: DICTATION,
        professional,
      });
      expect(res.status).toBe(200);
      const body = res.body as unknown as FormatTextResponse;
      const profile = SPECIALTY_PROFILES[professional];
      const prompt = systemPrompt(fake);
      expect(prompt).toContain(profile.title);
      for (const section of profile.sections) expect(prompt).toContain(section.heading);
      expect(JSON.stringify(fake.requests[0]?.body.messages)).toContain('falta de ar aos esforços');
      expect(body).toMatchObject({ engine: 'llm', model: 'modelo-padrao' });
      expect(body.formatted?.title).toBe(profile.title);
      expect(body.formatted?.sections.map((s) => s.heading)).toEqual(
        profile.sections.map((s) => s.heading),
      );
      expect(body.formatted?.patientData).toEqual({
        name: 'José',
        age: '60 anos',
        gender: 'Masculino',
      });
    },
  );

  it('joins active system instructions in display order, the admin template, the dictionary and the custom template', async () => {
    const admin = await svc.as('admin');
    await admin.post('/api/admin/system-instructions', {
      title: 'Segunda',
      content: 'INSTRUCAO-DOIS',
      displayOrder: 2,
    });
    await admin.post('/api/admin/system-instructions', {
      title: 'Primeira',
      content: 'INSTRUCAO-UM',
      displayOrder: 1,
    });
    await admin.post('/api/admin/system-instructions', {
      title: 'Inativa',
      content: 'INSTRUCAO-INATIVA',
      isActive: false,
    });
    await admin.post('/api/admin/medical-terms', {
      term: 'Espironolactona',
      category: 'medication',
    });
    await admin.post('/api/admin/templates', {
      professional: 'enfermeira',
      name: 'SAE',
      prompt: 'PROMPT-DO-ADMIN',
    });
    fake.setResponder(() => ({ content: modelAnswer('enfermeira') }));

    const premium = await svc.as('premium');
    await premium.post('/api/format-text', {
      text: DICTATION,
      professional: 'enfermeira',
      useMedicalDictionary: true,
    });
    let prompt = systemPrompt(fake);
    expect(prompt.indexOf('INSTRUCAO-UM')).toBeGreaterThan(-1);
    expect(prompt.indexOf('INSTRUCAO-UM')).toBeLessThan(prompt.indexOf('INSTRUCAO-DOIS'));
    expect(prompt).not.toContain('INSTRUCAO-INATIVA');
    expect(prompt).toContain('Espironolactona');
    expect(prompt).toContain('PROMPT-DO-ADMIN');

    const templateId = String(
      (await premium.post('/api/user-templates', { name: 'Meu', content: 'MODELO-DO-USUARIO' }))
        .body.id,
    );
    fake.requests.length = 0;
    await premium.post('/api/format-text', {
      text: DICTATION,
      professional: 'enfermeira',
      customTemplateId: templateId,
    });
    prompt = systemPrompt(fake);
    expect(prompt).toContain('MODELO-DO-USUARIO');
    expect(prompt).not.toContain('Espironolactona'); // dictionary only when asked
  });

  it('SUPER-IA uses the stronger model; IA-ALTERNATIVA the alternative endpoint', async () => {
    fake.setResponder(() => ({ content: modelAnswer('consulta_medica') }));
    alternative.setResponder(() => ({ content: modelAnswer('consulta_medica') }));
    const user = await svc.as('free');
    const superAi = await user.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      useSuperAI: true,
    });
    expect(superAi.body.model).toBe('modelo-forte');
    expect(fake.requests[0]?.body.model).toBe('modelo-forte');
    const alt = await user.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      useAlternativeAI: true,
    });
    expect(alt.body.model).toBe('modelo-alternativo');
    expect(alternative.requests).toHaveLength(1);
  });

  it('publishes ai.request.completed.v1 with tokens and cost', async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-ai');
    const events = await collectEvents(nc, `test-ai-${Date.now()}`, ['ai.request.completed.v1']);
    fake.setResponder(() => ({
      content: modelAnswer('consulta_medica'),
      usage: { promptTokens: 1200, completionTokens: 300 },
    }));
    const user = await svc.as('free');
    await user.post('/api/format-text', { text: DICTATION, professional: 'consulta_medica' });
    const event = await events.waitFor(
      (e) => (e.payload as AiRequestCompletedPayload).userId === user.userId,
    );
    expect(event.payload).toMatchObject({
      purpose: 'format-text',
      model: 'modelo-padrao',
      promptTokens: 1200,
      completionTokens: 300,
    });
    expect((event.payload as AiRequestCompletedPayload).costUsd).toMatch(/^\d+(\.\d+)?$/);
    await events.stop();
    await nc.close();
  });

  it('streams the note as the model writes it', async () => {
    fake.setResponder(() => ({
      content: modelAnswer('consulta_medica'),
      chunkSize: 20,
      chunkDelayMs: 15,
    }));
    const response = await fetch(`${svc.url}/api/format-text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ text: DICTATION, professional: 'consulta_medica' }),
    });
    const events = parseSse(await response.text());
    const deltas = events
      .filter((e) => e.event === 'delta')
      .map((e) => String((e.data as { text: string }).text));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.at(-1)!.length).toBeGreaterThan(deltas[0]!.length);
    expect(events.at(-1)?.event).toBe('result');
    expect((events.at(-1)!.data as FormatTextResponse).engine).toBe('llm');
  });

  it('ends a stream that fails with one error event in the one error shape', async () => {
    fake.setResponder(() => ({ content: 'isto não é JSON' }));
    const response = await fetch(`${svc.url}/api/format-text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ text: DICTATION, professional: 'consulta_medica' }),
    });
    const events = parseSse(await response.text());
    expect(events.filter((e) => e.event === 'error')).toHaveLength(1);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: {
        statusCode: 502,
        code: 'LLM_INVALID_OUTPUT',
        message: 'A IA devolveu uma resposta inválida. Tente novamente.',
        requestId: response.headers.get('x-request-id'),
      },
    });
  });

  it('retries an invalid answer once, then reports it', async () => {
    fake.setResponder(() => ({ content: 'isto não é JSON' }));
    const res = await (await svc.as('free')).post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
    });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('A IA devolveu uma resposta inválida. Tente novamente.');
    expect(fake.requests).toHaveLength(2);
  });

  it('retries 5xx, then answers 502 with a pt-BR message', async () => {
    fake.setResponder(() => ({ content: 'falhou', status: 500 }));
    const res = await (await svc.as('free')).post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
    });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      'O serviço de IA está indisponível no momento. Tente novamente em instantes.',
    );
    expect(fake.requests.length).toBe(2); // the first try and LLM_MAX_RETRIES=1 retry
  });

  it('answers 504 when the model takes too long', async () => {
    fake.setResponder(() => ({ content: modelAnswer('consulta_medica'), delayMs: 4_000 }));
    const res = await (await svc.as('free')).post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
    });
    expect(res.status).toBe(504);
    expect(res.body.message).toBe(
      'O serviço de IA demorou demais para responder. Tente novamente.',
    );
  });
});

describe('the formatting worker killed mid-job', () => {
  const workers: ChildProcess[] = [];
  afterAll(() => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  });

  function startWorkerProcess(svcUnderTest: FormattingUnderTest, llmUrl: string) {
    const worker = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('../src/workers/formatting-worker.ts', import.meta.url)),
      ],
      {
        env: {
          ...process.env,
          POSTGRES_URL: svcUnderTest.config.POSTGRES_URL,
          REDIS_URL: svcUnderTest.config.REDIS_URL,
          NATS_URL: svcUnderTest.config.NATS_URL,
          SESSION_PUBLIC_KEY: svcUnderTest.config.SESSION_PUBLIC_KEY,
          FORMATTING_QUEUE: svcUnderTest.config.FORMATTING_QUEUE,
          OPENAI_BASE_URL: llmUrl,
          OPENAI_API_KEY: 'sk-test',
          LOG_LEVEL: 'silent',
          // Short locks so the stalled job is noticed quickly once its worker is gone.
          FORMATTING_WORKER_LOCK_MS: '1000',
        },
        stdio: 'ignore',
      },
    );
    workers.push(worker);
    return worker;
  }

  it(
    'the job is retried by another worker and the caller still gets its note',
    async () => {
      const slow = await startFakeOpenAI();
      const lonely = await startFormatting({}, { worker: false });
      try {
        slow.setResponder(({ index }) =>
          index === 0
            ? { content: modelAnswer('consulta_medica'), delayMs: 30_000 }
            : { content: modelAnswer('consulta_medica') },
        );
        const doomed = startWorkerProcess(lonely, slow.url);
        await waitFor(async () => (await lonely.queue.workerCount()) > 0);
        const pending = (await lonely.as('free')).post('/api/format-text', {
          text: DICTATION,
          professional: 'consulta_medica',
        });
        await waitFor(async () => slow.requests.length > 0);
        doomed.kill('SIGKILL');
        await once(doomed, 'exit');
        startWorkerProcess(lonely, slow.url);
        const res = await pending;
        expect(res.status).toBe(200);
        expect(res.body.engine).toBe('llm');
        expect(slow.requests.length).toBeGreaterThanOrEqual(2);
      } finally {
        await lonely.close();
        await slow.close();
      }
    },
    scaled(60_000),
  );
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 100));
  }
}
