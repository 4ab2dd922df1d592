import { emptyClinicalRecord, PROFESSIONALS } from '@pv/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALTY_PROFILES } from '../src/notes/index.js';
import { type FormattingUnderTest, startFormatting } from './harness.js';

const professional = PROFESSIONALS[0];
const answer = JSON.stringify({
  // Structured Outputs in strict mode: the record is part of every answer (issue 28).
  record: emptyClinicalRecord(),
  patientData: { name: 'José', age: '60 anos', gender: 'Masculino' },
  sections: SPECIALTY_PROFILES[professional].sections.map((s) => ({
    key: s.key,
    content: `Conteúdo de ${s.heading}`,
  })),
});

let fake: FakeOpenAI;
let svc: FormattingUnderTest;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  svc = await startFormatting({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'gpt-4o-mini',
    LLM_TIMEOUT_MS: '1500',
    LLM_MAX_RETRIES: '1',
  });
});
afterAll(async () => {
  await svc.close();
  await fake.close();
});

/** The value of one sample line of the Prometheus text, or undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics of the formatting service', () => {
  it('counts LLM latency, tokens and cost per model, failures by kind, queue and outbox figures', async () => {
    fake.setResponder(() => ({
      content: answer,
      usage: { promptTokens: 1200, completionTokens: 300 },
    }));
    const client = await svc.as('free');
    const ok = await client.post('/api/format-text', { text: 'Paciente com tosse.', professional });
    expect(ok.status).toBe(200);
    fake.setResponder(() => ({ status: 500, content: 'erro' }));
    const failed = await client.post('/api/format-text', { text: 'Outra nota.', professional });
    expect(failed.status).toBeGreaterThanOrEqual(500);

    const text = await fetch(`${svc.url}/metrics`).then((r) => r.text());
    const ok1 = { purpose: 'format-text', model: 'gpt-4o-mini', outcome: 'ok' };
    expect(sample(text, 'pv_llm_request_duration_seconds_count', ok1)).toBe(1);
    expect(sample(text, 'pv_llm_tokens_total', { model: 'gpt-4o-mini', kind: 'prompt' })).toBe(
      1200,
    );
    expect(sample(text, 'pv_llm_tokens_total', { model: 'gpt-4o-mini', kind: 'completion' })).toBe(
      300,
    );
    expect(sample(text, 'pv_llm_cost_usd_total', { model: 'gpt-4o-mini' })).toBeCloseTo(0.00036, 8);
    const failures = text
      .split('\n')
      .filter(
        (l) =>
          l.startsWith('pv_llm_request_duration_seconds_count{') && !l.includes('outcome="ok"'),
      );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/purpose="format-text"/);

    const queue = { queue: svc.config.FORMATTING_QUEUE };
    expect(sample(text, 'pv_queue_jobs', { ...queue, state: 'waiting' })).toBe(0);
    // Finished jobs leave Redis at once with their text (issue 15): none is kept as 'completed'.
    expect(sample(text, 'pv_queue_jobs', { ...queue, state: 'completed' })).toBe(0);
    expect(sample(text, 'pv_queue_jobs', { ...queue, state: 'active' })).toBe(0);
    expect(sample(text, 'pv_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'pv_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
  });
});
