import type { ClinicalRecord, FormatTextResponse } from '@pv/contracts';
import { emptyClinicalRecord } from '@pv/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPECIALTY_PROFILES } from '../src/notes/index.js';
import { type FormattingUnderTest, startFormatting } from './harness.js';

// Issue 28 item 1 on the LLM path: the model answers the record with the note (strict schema
// from the contracts); the server keeps what the dictation states and drops what it does not.

const sectionKeys = SPECIALTY_PROFILES.consulta_medica.sections.map((s) => s.key);
const DICTATION =
  'Paciente de 62 anos, diabético e hipertenso. PA 160 por 100. Em uso de losartana 50 ' +
  'miligramas. Conduta: aumentar losartana para 100 miligramas ao dia, solicitar creatinina.';

const answer = (record: unknown) => ({
  patientData: { name: 'Não informado', age: '62 anos', gender: 'Masculino' },
  sections: sectionKeys.map((key) => ({ key, content: 'Não informado' })),
  record,
});

const modelRecord: ClinicalRecord = {
  ...emptyClinicalRecord(),
  vitals: [
    { kind: 'bloodPressure', value: 160, diastolic: 100, unit: 'mmHg' },
    // Not dictated: the model invented it.
    { kind: 'heartRate', value: 77, diastolic: null, unit: '/min' },
  ],
  medicationsInUse: [
    {
      text: 'Losartana 50 mg',
      name: 'losartana',
      dose: '50 mg',
      route: null,
      frequency: null,
      duration: null,
    },
  ],
  medicationOrders: [
    {
      action: 'change',
      text: 'Losartana 100 mg ao dia',
      name: 'losartana',
      dose: '100 mg',
      route: null,
      frequency: 'ao dia',
      duration: null,
    },
    {
      action: 'start',
      text: 'Atenolol 25 mg',
      name: 'atenolol',
      dose: '25 mg',
      route: null,
      frequency: null,
      duration: null,
    },
  ],
  requests: [{ kind: 'exam', text: 'creatinina' }],
};

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

const format = async () =>
  (await svc.as('free')).post('/api/format-text', {
    professional: 'consulta_medica',
    text: DICTATION,
  });

describe('the record on the LLM path', () => {
  it('asks for the record in the strict schema and keeps only what the dictation states', async () => {
    fake.setResponder(() => ({ content: JSON.stringify(answer(modelRecord)) }));
    const res = await format();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const format0 = fake.requests[0]?.body.response_format as
      | { json_schema: { schema: unknown } }
      | undefined;
    const schema = JSON.stringify(format0?.json_schema.schema);
    expect(schema).toContain('"medicationsInUse"');
    expect(schema).toContain('"medicationOrders"');
    // Structured Outputs in strict mode takes no length bounds.
    expect(schema).not.toContain('maxLength');
    const record = (res.body as unknown as FormatTextResponse).formatted?.record;
    // The unit follows the kind (UCUM), whatever the model wrote.
    expect(record?.vitals).toEqual([
      { kind: 'bloodPressure', value: 160, diastolic: 100, unit: 'mm[Hg]' },
    ]);
    expect(record?.medicationsInUse.map((m) => m.text)).toEqual(['Losartana 50 mg']);
    expect(record?.medicationOrders.map((m) => `${m.action} ${m.text}`)).toEqual([
      'change Losartana 100 mg ao dia',
    ]);
    expect(record?.requests).toEqual([{ kind: 'exam', text: 'creatinina' }]);
  });

  it('fills the record from the dictation when the endpoint answers in JSON mode without one', async () => {
    // An endpoint without Structured Outputs: JSON mode, no schema to keep.
    fake.setStructuredOutputs(false);
    fake.setResponder(() => ({ content: JSON.stringify(answer(undefined)) }));
    const res = await format();
    expect(res.status).toBe(200);
    const record = (res.body as unknown as FormatTextResponse).formatted?.record;
    expect(record?.vitals.map((v) => `${v.kind} ${v.value}/${v.diastolic}`)).toEqual([
      'bloodPressure 160/100',
    ]);
    expect(record?.medicationsInUse.map((m) => m.text)).toEqual(['Losartana 50 mg']);
    expect(record?.medicationOrders.map((m) => `${m.action} ${m.dose}`)).toEqual(['change 100 mg']);
  });
});
