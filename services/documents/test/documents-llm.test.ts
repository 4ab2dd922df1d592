import { DOCUMENT_TYPES, type GenerateDocumentResponse } from '@pv/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TITLES } from '../src/generation/offline-documents.js';
import { type DocumentsUnderTest, FORMATTED_NOTE, PROFILE, startDocuments } from './harness.js';

let fake: FakeOpenAI;
let svc: DocumentsUnderTest;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  svc = await startDocuments({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'modelo-documentos',
    LLM_TIMEOUT_MS: '1500',
    LLM_MAX_RETRIES: '0',
  });
});
afterAll(async () => {
  await svc.close();
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
});

const prompt = (role: 'system' | 'user', index = 0) =>
  String(fake.requests[index]?.body.messages.find((m) => m.role === role)?.content ?? '');

describe('POST /api/generate-document with an OpenAI-compatible endpoint', () => {
  it.each(DOCUMENT_TYPES.map((t) => [t]))(
    '%s: the prompt names the document, the answer becomes it',
    async (type) => {
      fake.setResponder(() => ({
        content: JSON.stringify({
          title: DOCUMENT_TITLES[type],
          sections: [{ heading: 'Conteúdo', content: `Texto do documento ${type} para Maria.` }],
        }),
      }));
      const res = await (await svc.as('free')).post('/api/generate-document', {
        consultationText: FORMATTED_NOTE,
        documentType: type,
        professional: 'consulta_medica',
        additionalContext: 'Paciente prefere genéricos.',
        profile: PROFILE,
      });
      expect(res.status).toBe(200);
      const body = res.body as unknown as GenerateDocumentResponse;
      expect(body).toMatchObject({
        documentType: type,
        engine: 'llm',
        model: 'modelo-documentos',
        title: DOCUMENT_TITLES[type],
      });
      expect(body.document).toBe(
        `${DOCUMENT_TITLES[type].toLocaleUpperCase('pt-BR')}\n\nCONTEÚDO\nTexto do documento ${type} para Maria.`,
      );
      expect(prompt('system')).toContain(`"${DOCUMENT_TITLES[type]}"`);
      expect(prompt('user')).toContain('Transtorno de ansiedade generalizada');
      expect(prompt('user')).toContain('Paciente prefere genéricos.');
      expect(prompt('user')).toContain('CRM/SP 123456');
    },
  );

  it('the atestado prompt carries whether the patient authorised the diagnosis', async () => {
    fake.setResponder(() => ({
      content: JSON.stringify({
        title: 'Atestado Médico',
        sections: [{ heading: 'A', content: 'B' }],
      }),
    }));
    const client = await svc.as('free');
    await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
    });
    expect(prompt('user')).toContain('NÃO autorizou');
    await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
      certificate: { diagnosisAuthorized: true, daysOff: 2 },
    });
    expect(prompt('user', 1)).toContain('AUTORIZOU');
    expect(prompt('user', 1)).toContain('dias de afastamento: 2');
  });

  it('an atestado the model writes with the diagnosis, without consent, is the offline one', async () => {
    fake.setResponder(() => ({
      content: JSON.stringify({
        title: 'Atestado Médico',
        sections: [
          {
            heading: 'Atestado',
            content:
              'Atesto que Maria Conceição Souza, portadora de transtorno de ansiedade generalizada (CID F41.1), necessita de 3 dias de afastamento.',
          },
        ],
      }),
    }));
    const client = await svc.as('free');
    const withoutConsent = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
    });
    expect(withoutConsent.status).toBe(200);
    expect(withoutConsent.body.engine).toBe('offline');
    expect(withoutConsent.body.document).not.toMatch(/F41|CID|ansiedade/i);
    expect(withoutConsent.body.document).toContain('3 (três) dias de afastamento');
    // The model's wording is not trusted to leave it out either: a diagnosis without "CID".
    fake.setResponder(() => ({
      content: JSON.stringify({
        title: 'Atestado Médico',
        sections: [
          { heading: 'Atestado', content: 'Quadro de Transtorno de ansiedade generalizada.' },
        ],
      }),
    }));
    const diagnosisOnly = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
    });
    expect(diagnosisOnly.body.document).not.toMatch(/ansiedade/i);
    fake.setResponder(() => ({
      content: JSON.stringify({
        title: 'Atestado Médico',
        sections: [{ heading: 'Atestado', content: 'Afastamento por 3 dias. CID F41.1.' }],
      }),
    }));
    const withConsent = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
      certificate: { diagnosisAuthorized: true },
    });
    expect(withConsent.body.engine).toBe('llm');
    expect(withConsent.body.document).toContain('CID F41.1');
  });

  it('the atestado guidance cites the CFM resolution in force, not the revoked one', async () => {
    fake.setResponder(() => ({
      content: JSON.stringify({
        title: 'Atestado Médico',
        sections: [{ heading: 'A', content: 'B' }],
      }),
    }));
    await (await svc.as('free')).post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
    });
    const system = `${prompt('system')}${prompt('user')}`;
    expect(system).toContain('2.381/2024');
    expect(system).not.toContain('1.658');
  });

  it("a provider failure answers the adapter's status and pt-BR message", async () => {
    fake.setResponder(() => ({ status: 500, content: 'falhou' }));
    const res = await (await svc.as('free')).post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'receituario',
    });
    expect(res.status).toBeGreaterThanOrEqual(502);
    expect(res.body.code).toMatch(/^LLM_/);
    expect(String(res.body.message)).toMatch(/\p{L}/u);
  });
});

describe('prescriptions with an OpenAI-compatible endpoint', () => {
  it('ambulatory: the model extracts, the server decides the controlled flags', async () => {
    fake.setResponder(() => ({
      content: JSON.stringify({
        patientData: { name: 'Maria', birthDate: '', cpf: '', rg: '', address: '', phone: '' },
        prescriptionDate: '22/11/2026',
        medications: [
          {
            medication: 'Sertralina',
            dosage: '50 mg',
            instructions: '1 cp manhã',
            isControlled: false,
          },
          { medication: 'Dipirona', dosage: '500 mg', instructions: 'se dor', isControlled: true },
        ],
        generalInstructions: '',
        returnDate: '30 dias',
        prescribingPhysician: { name: 'Ana', crm: 'CRM/SP 1', date: '22/11/2026' },
        hasControlledMedications: false,
      }),
    }));
    const res = await (await svc.as('free')).post('/api/prescriptions/ambulatory', {
      consultationText: FORMATTED_NOTE,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ engine: 'llm', model: 'modelo-documentos' });
    expect(res.body.prescription).toMatchObject({
      medications: [{ isControlled: true }, { isControlled: false }],
      hasControlledMedications: true,
    });
    expect(prompt('system')).toContain('prescrição ambulatorial');
  });

  it('hospital and controlled prescriptions come from the model', async () => {
    fake.setResponder(({ body }) => {
      const system = String(body.messages[0]?.content);
      if (system.includes('hospitalar'))
        return {
          content: JSON.stringify({
            patientData: { name: 'Maria', age: '45', gender: 'F', medicalRecord: '1' },
            medications: [
              {
                medication: 'Ceftriaxona 1 g',
                route: 'EV',
                dilution: '100 ml SF',
                schedule: '12/12h',
                observations: '',
              },
            ],
            generalObservations: '',
            prescribingPhysician: 'Ana',
          }),
        };
      return {
        content: JSON.stringify({
          patientData: { name: 'Maria', address: '' },
          medications: [
            {
              medication: 'Alprazolam 1 mg',
              quantity: '30',
              unit: 'comprimidos',
              posology: '1 à noite',
            },
          ],
          text: '',
          date: '22/11/2026',
        }),
      };
    });
    const client = await svc.as('free');
    const hospital = await client.post('/api/prescriptions/hospital', {
      consultationText: FORMATTED_NOTE,
    });
    expect(hospital.status).toBe(200);
    expect(hospital.body).toMatchObject({
      engine: 'llm',
      prescription: { medications: [{ medication: 'Ceftriaxona 1 g' }] },
    });
    const controlled = await client.post('/api/prescriptions/controlled', {
      consultationText: FORMATTED_NOTE,
    });
    expect(controlled.status).toBe(200);
    expect(controlled.body).toMatchObject({
      engine: 'llm',
      prescription: { medications: [{ medication: 'Alprazolam 1 mg', list: 'B1' }] },
      requiredNotifications: [{ notification: 'Notificação de Receita B', list: 'B1' }],
    });
    expect(
      String(
        controlled.body.prescription && (controlled.body.prescription as { text: string }).text,
      ),
    ).toContain('30 (trinta) comprimidos');
  });

  it("reprocess sends the clinician's corrections and the edited prescription to the model", async () => {
    const edited = {
      patientData: { name: 'Maria', age: '45', gender: 'F', medicalRecord: '1' },
      medications: [
        {
          medication: 'Dipirona 1 g',
          route: 'EV',
          dilution: '',
          schedule: '6/6h',
          observations: '',
        },
      ],
      generalObservations: '',
      prescribingPhysician: 'Ana',
    };
    fake.setResponder(() => ({
      content: JSON.stringify({
        ...edited,
        medications: [{ ...edited.medications[0], schedule: '8/8h' }],
      }),
    }));
    const res = await (await svc.as('free')).post('/api/prescriptions/reprocess', {
      kind: 'hospital',
      prescription: edited,
      corrections: 'Mudar a dipirona para de 8 em 8 horas.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'hospital',
      engine: 'llm',
      prescription: { medications: [{ schedule: '8/8h' }] },
    });
    expect(prompt('user')).toContain('Mudar a dipirona para de 8 em 8 horas.');
    expect(prompt('user')).toContain('Dipirona 1 g');
  });
});

describe("documents' LLM calls in /metrics (pv_llm_*, as formatting's)", () => {
  const count = (metrics: string, pattern: RegExp) =>
    metrics
      .split('\n')
      .filter((line) => pattern.test(line))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);

  it('counts each call by purpose, model and outcome, with tokens and cost', async () => {
    const read = () => fetch(`${svc.url}/metrics`).then((r) => r.text());
    const before = await read();
    fake.setResponder(() => ({
      content: JSON.stringify({
        title: 'Atestado Médico',
        sections: [{ heading: 'A', content: 'B' }],
      }),
      usage: { promptTokens: 120, completionTokens: 30 },
    }));
    const client = await svc.as('free');
    const ok = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
    });
    expect(ok.status).toBe(200);
    fake.setResponder(() => ({ status: 500, content: 'falhou' }));
    const failed = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
    });
    expect(failed.status).toBeGreaterThanOrEqual(502);
    const after = await read();

    const delta = (pattern: RegExp) => count(after, pattern) - count(before, pattern);
    expect(
      delta(
        /^pv_llm_request_duration_seconds_count\{(?=.*model="modelo-documentos")(?=.*outcome="ok")/,
      ),
    ).toBe(1);
    expect(delta(/^pv_llm_request_duration_seconds_count\{(?!.*outcome="ok").*\}/)).toBe(1);
    expect(delta(/^pv_llm_tokens_total\{(?=.*kind="prompt")(?=.*model="modelo-documentos")/)).toBe(
      120,
    );
    expect(
      delta(/^pv_llm_tokens_total\{(?=.*kind="completion")(?=.*model="modelo-documentos")/),
    ).toBe(30);
    expect(delta(/^pv_llm_cost_usd_total\{/)).toBeGreaterThanOrEqual(0);
  });
});
