import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPdf, type DocumentsUnderTest, PROFILE, startDocuments } from './harness.js';

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

const today = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

const AMBULATORY = {
  patientData: {
    name: 'João Guimarães',
    birthDate: '10/03/1980',
    cpf: '123.456.789-00',
    rg: '12.345.678-9',
    address: 'Av. Paulista, 1000',
    phone: '(11) 99999-0000',
  },
  prescriptionDate: '22/11/2026',
  medications: [
    {
      medication: 'Losartana',
      dosage: '50 mg',
      instructions: '1 comprimido ao dia',
      isControlled: false,
    },
    {
      medication: 'Sertralina',
      dosage: '50 mg',
      instructions: '1 comprimido pela manhã',
      isControlled: false,
    },
  ],
  generalInstructions: 'Reduzir o sal; caminhar 30 minutos por dia.',
  returnDate: '22/12/2026',
  prescribingPhysician: {
    name: 'Dra. Ana Beatriz Gonçalves',
    crm: 'CRM/SP 123456',
    date: '22/11/2026',
  },
  hasControlledMedications: false,
};

const CONTROLLED = {
  patientData: { name: 'Célia Magalhães', address: 'Rua São João, 45 - Campinas/SP' },
  medications: [
    {
      medication: 'Sertralina 50 mg',
      quantity: '30',
      unit: 'comprimidos',
      posology: 'Tomar 1 comprimido pela manhã',
    },
    {
      medication: 'Quetiapina 25 mg',
      quantity: '60',
      unit: 'comprimidos',
      posology: '1 comprimido à noite',
    },
  ],
  text: '',
  date: '22/11/2026',
};

describe('POST /api/generate-pdf', () => {
  it('an A4 PDF with embedded fonts, pt-BR accents, the header, the patient and page numbers', async () => {
    const res = await svc.file(await svc.as('free'), '/api/generate-pdf', {
      content:
        'ORIENTAÇÕES\nTomar a medicação após as refeições; evitar exposição ao sol.\nAção, coração, pressão.',
      title: 'Orientações ao Paciente',
      documentType: 'orientacoes_paciente',
      professional: 'consulta_medica',
      patientName: 'José Conceição',
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="orientacoes-ao-paciente-jose-conceicao-${today().replace(/\//g, '-')}.pdf"`,
    );
    const { text, pages } = await checkPdf(res.bytes);
    expect(pages).toBe(1);
    for (const expected of [
      'Orientações ao Paciente',
      'José Conceição',
      'Ação, coração, pressão.',
      'Dra. Ana Beatriz Gonçalves',
      'CRM/SP 123456',
      'Rua das Acácias, 100 - São Paulo/SP',
      '(11) 3333-4444',
      `Emitido em ${today()}`,
      'Página 1 de 1',
    ])
      expect(text).toContain(expected);
    expect(res.bytes.toString('latin1')).toMatch(/\/FontFile2/);
    expect(res.bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('long content flows over several numbered pages, the header on each', async () => {
    const content = Array.from(
      { length: 160 },
      (_, i) => `Parágrafo ${i + 1}: evolução clínica estável, sem intercorrências.`,
    ).join('\n\n');
    const res = await svc.file(await svc.as('free'), '/api/generate-pdf', {
      content,
      title: 'Resumo da Consulta',
      patientName: 'Ana',
      profile: PROFILE,
    });
    const { text, pages } = await checkPdf(res.bytes);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text.split('CRM/SP 123456').length - 1).toBeGreaterThanOrEqual(pages);
    expect(text).toContain('Parágrafo 160');
  });

  it('the header falls back to the signed-in user name', async () => {
    const res = await svc.file(await svc.as('free'), '/api/generate-pdf', {
      content: 'Texto',
      title: 'Documento',
    });
    expect(res.status).toBe(200);
    expect((await checkPdf(res.bytes)).text).toContain('Documento');
  });

  it('a PDF retried with the same Idempotency-Key is published (and so counted) once', async () => {
    const client = await svc.as('premium');
    const order = { content: 'Orientações: hidratação e repouso.', title: 'Orientações' };
    const key = crypto.randomUUID();
    const startedAt = new Date();
    const send = (idempotencyKey: string) =>
      svc.file(client, '/api/generate-pdf', order, svc.url, {
        'idempotency-key': idempotencyKey,
      });
    // The retry of an answer that was lost, then a new press of the button (a new key).
    for (const attempt of [key, key, crypto.randomUUID()]) {
      const res = await send(attempt);
      expect(res.status).toBe(200);
      expect(res.bytes.subarray(0, 4).toString()).toBe('%PDF');
    }
    // Rows stay in the outbox a while after they are published (their payload emptied); the
    // file's tests run one at a time, so the rows since the first call are this test's.
    const events = await svc.runtime.db
      .selectFrom('outbox_events')
      .select('id')
      .where('subject', '=', 'document.generated.v1')
      .where('occurred_at', '>=', startedAt)
      .execute();
    expect(events).toHaveLength(2);
  });

  it('refuses empty content', async () => {
    const res = await (await svc.as('free')).post('/api/generate-pdf', {
      content: ' ',
      title: 'X',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'O documento está vazio. Gere ou escreva o conteúdo antes de baixar.',
    );
  });
});

describe('POST /api/generate-text-document (mobile fallback)', () => {
  it('answers the same document as text/plain with a file name', async () => {
    const res = await svc.file(await svc.as('anonymous'), '/api/generate-text-document', {
      content: 'Repouso relativo por três dias.',
      title: 'Atestado Médico',
      patientName: 'José',
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="atestado-medico-jose-.*\.txt"/,
    );
    const text = res.bytes.toString('utf8');
    expect(text).toContain('ATESTADO MÉDICO');
    expect(text).toContain('Paciente: José');
    expect(text).toContain('Repouso relativo por três dias.');
    expect(text).toContain('CRM/SP 123456');
  });
});

describe('prescription PDFs', () => {
  it('hospital prescription: institution, table of medications, physician and CRM', async () => {
    // Anonymous: the typed physician and CRM are printed (a signed-in caller's come from auth).
    const res = await svc.file(
      await svc.as('anonymous'),
      '/api/generate-hospital-prescription-pdf',
      {
        prescription: {
          patientData: {
            name: 'Antônio Pereira',
            age: '70 anos',
            gender: 'Masculino',
            medicalRecord: '998877',
          },
          medications: [
            {
              medication: 'Ceftriaxona 1 g',
              route: 'EV',
              dilution: 'em 100 ml de SF 0,9%',
              schedule: '12/12h',
              observations: 'Correr em 30 minutos',
            },
          ],
          generalObservations: 'Cabeceira elevada a 30°.',
          prescribingPhysician: 'Dr. Márcio',
        },
        title: 'Prescrição Médica',
        institutionName: 'Hospital São Lucas',
        doctorName: 'Dr. Márcio Araújo',
        crm: 'CRM/RS 5544',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="prescricao-medica-antonio-pereira-/,
    );
    const { text } = await checkPdf(res.bytes);
    for (const expected of [
      'Hospital São Lucas',
      'Antônio Pereira',
      '998877',
      'Ceftriaxona 1 g',
      'em 100 ml de SF',
      'Cabeceira elevada',
      'Dr. Márcio Araújo',
      'CRM/RS 5544',
      'Identificação profissional não verificada',
    ])
      expect(text).toContain(expected);
  });

  it('ambulatory prescription: patient identification, medications, return, prescriber', async () => {
    const res = await svc.file(await svc.as('free'), '/api/prescriptions/ambulatory/pdf', {
      prescription: { ...AMBULATORY, medications: AMBULATORY.medications.slice(0, 1) },
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    const { text } = await checkPdf(res.bytes);
    for (const expected of [
      'João Guimarães',
      '123.456.789-00',
      'Losartana 50 mg',
      'Reduzir o sal',
      '22/12/2026',
      'CRM/SP 123456',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('(controlado)');
  });

  it('a simple prescription with a controlled drug is refused, naming the drug and its form', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/ambulatory/pdf', {
      prescription: AMBULATORY,
      profile: PROFILE,
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CONTROLLED_DRUG_IN_SIMPLE_PRESCRIPTION');
    expect(res.body.message).toBe(
      'A receita simples não pode levar medicamento controlado (Portaria SVS/MS 344/98). Retire-o desta receita: Sertralina (lista C1) exige Receituário de Controle Especial em duas vias. Para os de Receituário de Controle Especial, gere o documento "Receituário Controlado".',
    );
  });

  it('controlled prescription: the RCE in two copies with quantities in words and both blocks', async () => {
    const res = await svc.file(await svc.as('free'), '/api/prescriptions/controlled/pdf', {
      prescription: CONTROLLED,
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    const { text, pages } = await checkPdf(res.bytes);
    expect(pages).toBe(2);
    for (const expected of [
      '1ª via - Retenção da Farmácia ou Drogaria',
      '2ª via - Orientação ao Paciente',
      'RECEITUÁRIO DE CONTROLE ESPECIAL',
      'Célia Magalhães',
      'Rua São João, 45 - Campinas/SP',
      '30 (trinta) comprimidos',
      '60 (sessenta) comprimidos',
      'Tomar 1 comprimido pela manhã',
      'IDENTIFICAÇÃO DO COMPRADOR',
      'IDENTIFICAÇÃO DO FORNECEDOR',
      'IDENTIFICAÇÃO DO EMITENTE',
      'CRM/SP 123456',
      'Rua das Acácias, 100',
      '22/11/2026',
    ])
      expect(text).toContain(expected);
    expect(text.split('30 (trinta) comprimidos').length - 1).toBe(2);
  });

  it('a benzodiazepine (B1) is refused from the RCE with the notification it needs', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/controlled/pdf', {
      prescription: {
        ...CONTROLLED,
        medications: [
          {
            medication: 'Rivotril 2 mg',
            quantity: '30',
            unit: 'comprimidos',
            posology: '1 à noite',
          },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOTIFICATION_REQUIRED');
    expect(res.body.message).toBe(
      'Este receituário não pode ser impresso: há medicamento que exige notificação de receita, que não é impressa por aqui. Rivotril (clonazepam, lista B1) exige Notificação de Receita B.',
    );
  });

  it('an opioid of list A1 needs the Notificação de Receita A', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/controlled/pdf', {
      prescription: {
        ...CONTROLLED,
        medications: [
          { medication: 'Morfina 10 mg', quantity: '10', unit: 'ampolas', posology: '' },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('exige Notificação de Receita A.');
  });

  it('an empty RCE is refused', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/controlled/pdf', {
      prescription: { ...CONTROLLED, medications: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Nenhum medicamento controlado foi informado. Preencha ao menos um medicamento do receituário.',
    );
  });
});

describe('the pdf-worker', () => {
  const workers: ChildProcess[] = [];
  afterAll(() => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  });

  function startWorkerProcess(target: DocumentsUnderTest) {
    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../src/workers/pdf-worker.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          POSTGRES_URL: target.config.POSTGRES_URL,
          REDIS_URL: target.config.REDIS_URL,
          NATS_URL: target.config.NATS_URL,
          SESSION_PUBLIC_KEY: target.config.SESSION_PUBLIC_KEY,
          PDF_QUEUE: target.config.PDF_QUEUE,
          LOG_LEVEL: 'silent',
          // Short locks so the stalled job is noticed quickly once its worker is gone, yet longer
          // than one render (rendering holds the event loop, so the lock is not renewed meanwhile).
          PDF_WORKER_LOCK_MS: '4000',
          PDF_WORKER_CONCURRENCY: '1',
        },
        stdio: 'ignore',
      },
    );
    workers.push(worker);
    return worker;
  }

  it('with no worker running, a PDF call is told at once', async () => {
    const lonely = await startDocuments({}, { worker: false });
    try {
      const res = await (await lonely.as('free')).post('/api/generate-pdf', {
        content: 'x',
        title: 'y',
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        'O gerador de PDF está indisponível no momento. Tente novamente em instantes.',
      );
    } finally {
      await lonely.close();
    }
  });

  it(
    'killed mid-job: another worker takes the job over and the caller still gets its PDF',
    async () => {
      const lonely = await startDocuments({}, { worker: false });
      try {
        const doomed = startWorkerProcess(lonely);
        await waitFor(async () => (await lonely.queue.workerCount()) > 0);
        // Long enough to still be rendering when the worker is killed.
        const content = Array.from(
          { length: 3000 },
          (_, i) => `Linha ${i + 1} da evolução clínica.`,
        ).join('\n');
        const pending = lonely.file(await lonely.as('free'), '/api/generate-pdf', {
          content,
          title: 'Evolução',
          patientName: 'Paciente Teste',
        });
        await waitFor(async () => (await lonely.queue.queue.getActiveCount()) > 0);
        doomed.kill('SIGKILL');
        await once(doomed, 'exit');
        startWorkerProcess(lonely);
        const res = await pending;
        expect(res.status).toBe(200);
        const { text, pages } = await checkPdf(res.bytes);
        expect(pages).toBeGreaterThan(10);
        expect(text).toContain('Linha 3000 da evolução clínica.');
      } finally {
        await lonely.close();
      }
    },
    scaled(90_000),
  );
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 50));
  }
}
