import { randomUUID } from 'node:crypto';
import type { FormatTextResponse } from '@pv/contracts';
import { emptyClinicalRecord } from '@pv/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import {
  databaseRowsContaining,
  eventually,
  redisKeysContaining,
  testInfra,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALTY_PROFILES } from '../src/notes/index.js';
import { type FormattingUnderTest, parseSse, startFormatting } from './harness.js';

// Where a dictation and its note go in formatting, and when they are gone (docs/data-map.md,
// "Patient text: where it goes and when it is gone"): the queue (Redis) until the caller has the
// note, the outbox (Postgres) until the broker has the event, nothing else.

let fake: FakeOpenAI;
let svc: FormattingUnderTest;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  // The model writes the dictation back into the note (as a real one does); a dictation asking
  // for a refusal gets an error whose message quotes it (as some providers' do).
  fake.setResponder(({ body }) => {
    const dictation = String(body.messages.at(-1)?.content ?? '');
    if (dictation.includes('RECUSAR'))
      return { status: 400, content: `Conteúdo recusado: ${dictation}` };
    return {
      content: JSON.stringify({
        // Structured Outputs in strict mode: the record is part of every answer (issue 28).
        record: emptyClinicalRecord(),
        patientData: { name: 'Paciente', age: '40 anos', gender: 'Feminino' },
        sections: SPECIALTY_PROFILES.consulta_medica.sections.map((s) => ({
          key: s.key,
          content: `Relato: ${dictation.slice(-120)}`,
        })),
      }),
    };
  });
  svc = await startFormatting({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'modelo-padrao',
    LLM_MAX_RETRIES: '0',
    OUTBOX_RETENTION_SECONDS: '1',
  });
});
afterAll(async () => {
  await svc.close();
  await fake.close();
});

const databaseUrl = () => {
  const url = new URL(testInfra.postgresUrl);
  url.pathname = `/${svc.config.FORMATTING_DATABASE}`;
  return url.toString();
};
const queueKeys = () => `bull:${svc.config.FORMATTING_QUEUE}:*`;
const marker = (word: string) => `${word}${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
const dictation = (word: string) =>
  `Paciente ${word}, 40 anos, refere cefaleia há três dias. Conduta: analgésico.`;

describe('patient text in formatting: where it goes and when it is gone', () => {
  it('a note (answered as JSON and as a stream) leaves no text in Redis, and none in Postgres once published', async () => {
    const word = marker('CORMORANFINCH');
    const client = await svc.as('free');
    const json = await client.post('/api/format-text', {
      text: dictation(word),
      professional: 'consulta_medica',
    });
    expect(json.status).toBe(200);
    expect(JSON.stringify(json.body as unknown as FormatTextResponse)).toContain(word);
    const streamed = await fetch(`${svc.url}/api/format-text`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        cookie: client.cookie,
      },
      body: JSON.stringify({ text: dictation(word), professional: 'consulta_medica' }),
    });
    const events = parseSse(await streamed.text());
    expect(events.at(-1)?.event).toBe('result');

    // The queue: job hashes, outcome and progress keys, the events stream.
    expect(await redisKeysContaining(svc.redis, word, queueKeys())).toEqual([]);
    expect(await redisKeysContaining(svc.redis, word)).toEqual([]);
    // The outbox: emptied as the relay publishes, the row deleted a second later.
    await eventually(async () => (await databaseRowsContaining(databaseUrl(), word)).length === 0);
    await eventually(
      async () =>
        (
          await svc.db
            .selectFrom('outbox_events')
            .select('id')
            .where('subject', '=', 'phi.consult.formatted.v1')
            .execute()
        ).length === 0,
    );
  });

  it('a retry-able format (requestId) keeps its outcome in one key, for at most 5 minutes', async () => {
    const word = marker('SHEARWATERFINCH');
    const client = await svc.as('free');
    const res = await client.post('/api/format-text', {
      text: dictation(word),
      professional: 'consulta_medica',
      requestId: randomUUID(),
    });
    expect(res.status).toBe(200);
    const keys = await redisKeysContaining(svc.redis, word);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(
      new RegExp(`^bull:${svc.config.FORMATTING_QUEUE}:pv-result:format-[0-9a-f]{64}$`),
    );
    const ttl = await svc.redis.pttl(keys[0] as string);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  it('a failed format (the provider refuses, quoting the dictation) leaves the text nowhere', async () => {
    const word = marker('RECUSARFINCH');
    const res = await (await svc.as('free')).post('/api/format-text', {
      text: dictation(word),
      professional: 'consulta_medica',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(res.body)).not.toContain(word);
    expect(await redisKeysContaining(svc.redis, word)).toEqual([]);
    expect(await databaseRowsContaining(databaseUrl(), word)).toEqual([]);
  });

  it('a dictation with a NUL character (pasted or from a speech engine) is formatted, not refused by the outbox', async () => {
    const word = marker('NULFINCH');
    const res = await (await svc.as('free')).post('/api/format-text', {
      text: `Paciente ${word} refere dor\u0000 torácica há dois dias.`,
      professional: 'consulta_medica',
    });
    // Postgres' jsonb cannot hold \u0000: the event's insert failed (500), and its error quoted
    // the dictation to the log.
    expect(res.status).toBe(200);
    await eventually(async () => (await databaseRowsContaining(databaseUrl(), word)).length === 0);
  });
});
