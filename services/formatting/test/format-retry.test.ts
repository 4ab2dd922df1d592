// Issue 16 (the fault suite's unreadable format answers): a format whose answer was lost (the
// client gave up, a proxy reset it) while the note was still being written is not lost. The
// workspace retries with the same request id and body: the retry joins the job or takes its
// outcome, the model is asked once, and the consult is published (and so counted) once.
import { randomUUID } from 'node:crypto';
import type { ConsultFormattedSummaryPayload, FormatTextResponse } from '@pv/contracts';
import { emptyClinicalRecord } from '@pv/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { connectNats } from '@pv/service-kit/events';
import { scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALTY_PROFILES } from '../src/notes/index.js';
import { collectEvents, type FormattingUnderTest, startFormatting } from './harness.js';

const DICTATION =
  'Paciente José, 60 anos. Queixa: falta de ar aos esforços. Conduta: solicitar ecocardiograma.';
const NOTE = JSON.stringify({
  // Structured Outputs in strict mode: the record is part of every answer (issue 28).
  record: emptyClinicalRecord(),
  patientData: { name: 'José', age: '60 anos', gender: 'Masculino' },
  sections: SPECIALTY_PROFILES.consulta_medica.sections.map((s) => ({
    key: s.key,
    content: `Conteúdo de ${s.heading}`,
  })),
});

let fake: FakeOpenAI;
let svc: FormattingUnderTest;
beforeAll(async () => {
  fake = await startFakeOpenAI({ respond: () => ({ content: NOTE, delayMs: 1_500 }) });
  svc = await startFormatting({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'modelo-padrao',
    LLM_MAX_RETRIES: '0',
  });
}, scaled(60_000));
afterAll(async () => {
  await svc.close();
  await fake.close();
});

/** POST /api/format-text as the user, giving up after `abortAfterMs` (a lost answer). */
async function press(cookie: string, body: unknown, abortAfterMs?: number) {
  const response = await fetch(`${svc.url}/api/format-text`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
    ...(abortAfterMs ? { signal: AbortSignal.timeout(abortAfterMs) } : {}),
  });
  return { status: response.status, body: (await response.json()) as FormatTextResponse };
}

describe('a format retried with its request id', () => {
  it(
    'after a lost answer: one model call, the note, one consult.formatted.v1',
    async () => {
      const nc = await connectNats(svc.config.NATS_URL, 'test-retry');
      const events = await collectEvents(nc, `test-retry-${Date.now()}`, ['consult.formatted.v1']);
      const user = await svc.as('premium');
      const body = { text: DICTATION, professional: 'consulta_medica', requestId: randomUUID() };
      const asked = fake.requests.length;

      // The first answer is lost: the caller gives up while the model is still writing.
      await expect(press(user.cookie, body, 300)).rejects.toThrow();
      const retry = await press(user.cookie, body);
      expect(retry.status).toBe(200);
      expect(retry.body.engine).toBe('llm');
      expect(retry.body.text).toContain('Conteúdo de');
      expect(fake.requests.length - asked).toBe(1);

      // Once more after it was delivered (an answer lost on its way back): the same consult.
      const again = await press(user.cookie, body);
      expect(again.body.consultId).toBe(retry.body.consultId);
      expect(fake.requests.length - asked).toBe(1);

      // Two HTTP calls finished publishing (the first one's handler and the retries): one event.
      await events.waitFor(
        (e) => (e.payload as ConsultFormattedSummaryPayload).consultId === retry.body.consultId,
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const mine = events.received.filter(
        (e) => (e.payload as ConsultFormattedSummaryPayload).userId === user.userId,
      );
      expect(mine.map((e) => (e.payload as ConsultFormattedSummaryPayload).consultId)).toEqual([
        retry.body.consultId,
      ]);

      // A new press (a new request id) is a new note.
      const next = await press(user.cookie, { ...body, requestId: randomUUID() });
      expect(next.body.consultId).not.toBe(retry.body.consultId);
      expect(fake.requests.length - asked).toBe(2);
      await events.stop();
      await nc.close();
    },
    scaled(60_000),
  );

  it(
    "another user's request id is another consult (the id is scoped to the caller)",
    async () => {
      const body = { text: DICTATION, professional: 'consulta_medica', requestId: randomUUID() };
      const first = await press((await svc.as('premium')).cookie, body);
      const second = await press((await svc.as('premium')).cookie, body);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body.consultId).not.toBe(first.body.consultId);
    },
    scaled(60_000),
  );
});
