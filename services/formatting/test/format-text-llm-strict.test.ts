import type { FormatTextResponse } from '@pv/contracts';
import { emptyClinicalRecord } from '@pv/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPECIALTY_PROFILES } from '../src/notes/index.js';
import { type FormattingUnderTest, startFormatting } from './harness.js';

// Issue 13 items 1 and 4 on the LLM path: Structured Outputs with the note's schema, one patient
// at a time checked on the answer, the summary naming everyone, and answers cut by the length
// limit continued or reported. Against the fake OpenAI-compatible server.

const sectionKeys = SPECIALTY_PROFILES.consulta_medica.sections.map((s) => s.key);

const patient = (name: string, complaint: string, plan: string) => ({
  // Structured Outputs in strict mode: the record is part of every answer (issue 28).
  record: emptyClinicalRecord(),
  patientData: { name, age: '40 anos', gender: 'Feminino' },
  sections: sectionKeys.map((key) => ({
    key,
    content: key === 'chiefComplaint' ? complaint : key === 'plan' ? plan : 'Não informado',
  })),
});

// Patient 1 was dictated before the first 'Novo Paciente' click, so the first marker is [Paciente 1].
const TWO_PATIENTS =
  'Dona Lúcia Ferreira, 71 anos, refere tontura rotatória ao levantar há duas semanas. Vou prescrever betaistina 24 mg duas vezes ao dia.\n' +
  '[Paciente 1]\nSeu Jorge Batista, 45 anos, refere dor lombar em pontada após carregar peso. Vou prescrever ciclobenzaprina 5 mg à noite.';

const lucia = patient(
  'Lúcia Ferreira',
  'Tontura rotatória ao levantar há duas semanas.',
  'Betaistina 24 mg duas vezes ao dia.',
);
const jorge = patient(
  'Jorge Batista',
  'Dor lombar em pontada após carregar peso.',
  'Ciclobenzaprina 5 mg à noite.',
);
const jorgeWithLuciasFacts = patient(
  'Jorge Batista',
  'Dor lombar em pontada após carregar peso.',
  'Ciclobenzaprina 5 mg à noite. Betaistina 24 mg duas vezes ao dia para a tontura rotatória ao levantar.',
);

let fake: FakeOpenAI;
let svc: FormattingUnderTest;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  svc = await startFormatting({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    LLM_TIMEOUT_MS: '3000',
    LLM_MAX_RETRIES: '0',
  });
});
afterAll(async () => {
  await svc.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.setStructuredOutputs(true);
});

const format = async (body: Record<string, unknown>) =>
  (await svc.as('free')).post('/api/format-text', { professional: 'consulta_medica', ...body });

describe('the LLM path is as strict as the offline one', () => {
  it("asks for the note's JSON schema (Structured Outputs) with the specialty's section keys", async () => {
    fake.setResponder(() => ({ content: JSON.stringify(lucia) }));
    const res = await format({ text: 'Dona Lúcia refere tontura.' });
    expect(res.status).toBe(200);
    const format0 = fake.requests[0]?.body.response_format as {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
    expect(format0.type).toBe('json_schema');
    expect(format0.json_schema.name).toBe('clinical_note');
    expect(format0.json_schema.strict).toBe(true);
    expect(JSON.stringify(format0.json_schema.schema)).toContain(
      JSON.stringify({ type: 'string', enum: sectionKeys }),
    );
    expect((res.body as unknown as FormatTextResponse).formatted?.patientData.name).toBe(
      'Lúcia Ferreira',
    );
  });

  it('several patients: the prompt states the rule, and the schema asks for patients and a summary', async () => {
    fake.setResponder(() => ({
      content: JSON.stringify({
        patients: [lucia, jorge],
        summary: '2 pacientes: Lúcia Ferreira (tontura) e Jorge Batista (lombalgia).',
      }),
    }));
    const res = await format({ text: TWO_PATIENTS, multiplePatients: true });
    expect(res.status).toBe(200);
    const system = String(fake.requests[0]?.body.messages[0]?.content);
    expect(system).toContain('A transcrição tem 2 pacientes');
    expect(system).toContain('não há contexto comum entre eles');
    // The text before the first marker is patient 1; the marker the button wrote starts patient 2.
    const user = String(fake.requests[0]?.body.messages[1]?.content);
    expect(user).toMatch(/\[Paciente 1\]\nDona Lúcia[\s\S]*\[Paciente 2\]\nSeu Jorge/);
    const schema = JSON.stringify(
      (fake.requests[0]?.body.response_format as { json_schema?: { schema: unknown } })?.json_schema
        ?.schema,
    );
    expect(schema).toContain('"required":["patients","summary"]');
    const body = res.body as unknown as FormatTextResponse;
    expect(body.patients?.map((p) => p.patientData.name)).toEqual([
      'Lúcia Ferreira',
      'Jorge Batista',
    ]);
  });

  it("a note with another patient's facts is corrected once; a second leak is refused", async () => {
    fake.setResponder(({ index }) => ({
      content: JSON.stringify({
        patients: index === 0 ? [lucia, jorgeWithLuciasFacts] : [lucia, jorge],
        summary: 'Lúcia Ferreira; Jorge Batista.',
      }),
    }));
    const fixed = await format({ text: TWO_PATIENTS, multiplePatients: true });
    expect(fixed.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    const correction = String(fake.requests[1]?.body.messages.at(-1)?.content);
    expect(correction).toContain(
      'o documento do paciente 2 contém informações ditas do paciente 1',
    );
    const body = fixed.body as unknown as FormatTextResponse;
    expect(body.patients?.[1]?.text).not.toMatch(/betaistina/i);

    fake.requests.length = 0;
    fake.setResponder(() => ({
      content: JSON.stringify({ patients: [lucia, jorgeWithLuciasFacts], summary: 'x' }),
    }));
    const refused = await format({ text: TWO_PATIENTS, multiplePatients: true });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('A IA devolveu uma resposta inválida. Tente novamente.');
  });

  it('a patient missing from the answer is corrected, not silently dropped', async () => {
    fake.setResponder(({ index }) => ({
      content: JSON.stringify({
        patients: index === 0 ? [lucia] : [lucia, jorge],
        summary: 'Lúcia Ferreira; Jorge Batista.',
      }),
    }));
    const res = await format({ text: TWO_PATIENTS, multiplePatients: true });
    expect(res.status).toBe(200);
    expect(String(fake.requests[1]?.body.messages.at(-1)?.content)).toContain(
      'a transcrição tem 2 pacientes e a resposta trouxe 1 documentos',
    );
  });

  it('a summary that leaves a patient out is rebuilt to list every patient by name', async () => {
    fake.setResponder(() => ({
      content: JSON.stringify({ patients: [lucia, jorge], summary: 'Atendida Lúcia Ferreira.' }),
    }));
    const res = await format({ text: TWO_PATIENTS, multiplePatients: true });
    const summary = (res.body as unknown as FormatTextResponse).summary ?? '';
    expect(summary).toContain('Paciente 1: Lúcia Ferreira');
    expect(summary).toContain('Paciente 2: Jorge Batista');
  });

  it('an endpoint without Structured Outputs: JSON mode, the answer parsed from the text', async () => {
    fake.setStructuredOutputs(false);
    fake.setResponder(() => ({ content: `Aqui está:\n${JSON.stringify(lucia)}` }));
    const res = await format({ text: 'Dona Lúcia refere tontura.' });
    expect(res.status).toBe(200);
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual(['json_object']);
  });

  it('an answer cut by the length limit is continued; still cut, the clinician is told', async () => {
    const whole = JSON.stringify(lucia);
    fake.setResponder(({ index }) =>
      index === 0 ? { content: whole, truncateAfterChars: 60 } : { content: whole.slice(60) },
    );
    const continued = await format({ text: 'Dona Lúcia refere tontura.' });
    expect(continued.status).toBe(200);
    expect((continued.body as unknown as FormatTextResponse).formatted?.chiefComplaint).toBe(
      'Tontura rotatória ao levantar há duas semanas.',
    );
    expect(fake.requests).toHaveLength(2);

    fake.requests.length = 0;
    fake.setResponder(() => ({ content: whole, truncateAfterChars: 40 }));
    const cut = await format({ text: 'Dona Lúcia refere tontura.' });
    expect(cut.status).toBe(502);
    expect(cut.body.message).toBe(
      'A resposta da IA ficou longa demais e veio cortada, mesmo depois de pedir a continuação, e não foi usada. Formate o atendimento em partes menores ou tente novamente.',
    );
    // The first request and two continuations, then nothing more.
    expect(fake.requests).toHaveLength(3);
  });
});
