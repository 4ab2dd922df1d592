import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  type DocumentsUnderTest,
  FORMATTED_NOTE,
  PROFILE,
  startDocuments,
} from './harness.js';

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments({
    ANON_DOCUMENTS_MAX_PER_HOUR: '2',
    ANON_PRESCRIPTIONS_MAX_PER_HOUR: '2',
    ANON_PDFS_MAX_PER_HOUR: '2',
    ANON_EXTRACT_MAX_PER_HOUR: '2',
  });
});
afterAll(() => svc.close());

/** An anonymous visitor from an address of its own (documentation range). */
const visitor = () => {
  const hex = randomBytes(4).toString('hex');
  return new Client(svc.url, {
    'x-forwarded-for': `2001:db8:${hex.slice(0, 4)}:${hex.slice(4)}::1`,
  });
};

const extract = (client: Client) => {
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4 não é um pdf de verdade'], { type: 'application/pdf' }));
  return fetch(`${svc.url}/api/extract-pdf-text`, {
    method: 'POST',
    body: form,
    headers: client.headers,
  });
};

const note = { consultationText: FORMATTED_NOTE, professional: 'consulta_medica' };
const FAMILIES = [
  {
    family: 'documents',
    message:
      'Você atingiu o limite de documentos por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
    calls: [
      (c: Client) => c.post('/api/generate-document', { ...note, documentType: 'atestado_medico' }),
      (c: Client) =>
        c.post('/api/generate-text-document', {
          content: 'Texto',
          title: 'Atestado',
          profile: PROFILE,
        }),
    ],
  },
  {
    family: 'prescriptions',
    message:
      'Você atingiu o limite de receitas por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
    calls: [
      (c: Client) => c.post('/api/prescriptions/ambulatory', note),
      (c: Client) => c.post('/api/prescriptions/reprocess', { ...note, type: 'ambulatory' }),
    ],
  },
  {
    family: 'pdfs',
    message:
      'Você atingiu o limite de PDFs por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
    calls: [
      (c: Client) => c.post('/api/generate-pdf', { content: 'Texto', title: 'Atestado' }),
      (c: Client) => c.post('/api/prescriptions/ambulatory/pdf', {}),
    ],
  },
] as const;

describe('anonymous hourly limits per address (issue 15)', () => {
  it.each(FAMILIES)(
    'limits $family, every route of the family counting together',
    async ({ message, calls }) => {
      const client = visitor();
      // Two calls (whatever each answers: a refusal of the body still cost a parse) use the hour up.
      for (const call of calls) expect((await call(client)).status).not.toBe(429);
      for (const call of calls) {
        const refused = await call(client);
        expect(refused.status).toBe(429);
        expect(refused.body.code).toBe('ANONYMOUS_LIMIT');
        expect(refused.body.message).toBe(message);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_500);
      }
      // Another address, and a signed-in user from the same one, are not affected.
      expect((await calls[0](visitor())).status).not.toBe(429);
      const user = await svc.as('free');
      Object.assign(user.headers, client.headers);
      expect((await calls[0](user)).status).not.toBe(429);
    },
  );

  it('limits PDF text extraction', async () => {
    const client = visitor();
    for (let i = 0; i < 2; i++) expect((await extract(client)).status).not.toBe(429);
    const refused = await extract(client);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Você atingiu o limite de leituras de PDF por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
    );
  });
});
