/**
 * What the largest hostile prescription an anonymous caller may send costs the PDF renderer.
 * pdfmake wrapped one long word by re-measuring it piece by piece (10,000 characters: 3 s;
 * 40,000: past the 90 s job timeout; 900,000, which the body limit allowed: out of memory), and
 * its cost on ordinary words grows faster than the text (900,000 characters of words: past the
 * job timeout). Now long words get an invisible break opportunity every 200 characters and every
 * printed field of a prescription has a bound. Bounds generous for a loaded 2-core machine.
 */

import { scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../src/pdf/render.js';
import { checkPdf, type DocumentsUnderTest, PROFILE, startDocuments } from './harness.js';

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

const rce = (fields: { text?: string; posology?: string; name?: string }) => ({
  prescription: {
    patientData: { name: fields.name ?? 'Célia Magalhães', address: 'Rua São João, 45' },
    medications: [
      {
        medication: 'Sertralina 50 mg',
        quantity: '30',
        unit: 'comprimidos',
        posology: fields.posology ?? '1 ao dia',
      },
    ],
    text: fields.text ?? '',
    date: '22/11/2026',
  },
  profile: PROFILE,
});

describe('one long word', () => {
  it('is rendered in linear time, wrapped, and extracted without the break marks', async () => {
    const word = 'a'.repeat(20_000);
    const started = performance.now();
    const pdf = await renderPdf({ content: [{ text: `antes ${word} depois` }] });
    expect(performance.now() - started).toBeLessThan(3_000);
    const { text } = await checkPdf(pdf);
    expect(text.replace(/\s+/g, '')).toContain(`antes${word}depois`);
    expect(text).not.toContain('\u200b');
  });

  // A visitor gets no RCE since issue 23 (PROFESSIONAL_NOT_VERIFIED): the worst field goes
  // through a verified professional's RCE, the cheapest caller that still prints one.
  it("of the largest size a field takes prints fast on a verified professional's RCE", async () => {
    const started = performance.now();
    const res = await svc.file(
      await svc.as('free'),
      '/api/prescriptions/controlled/pdf',
      rce({ text: 'a'.repeat(20_000) }),
    );
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('one long paragraph', () => {
  it(
    'of 500,000 characters (the largest document body) renders in linear time, whole',
    async () => {
      const body = 'palavra comprida '.repeat(29_400);
      const started = performance.now();
      const pdf = await renderPdf({ content: [{ text: `INÍCIO ${body}FIM`, margin: [0, 4] }] });
      // ~1 s now; ~15 s as one pdfmake node.
      expect(performance.now() - started).toBeLessThan(6_000);
      const { text, pages } = await checkPdf(pdf);
      expect(pages).toBeGreaterThan(100);
      const words = text.split(/\s+/).filter(Boolean);
      expect(words[0]).toBe('INÍCIO');
      expect(words.at(-1)).toBe('FIM');
      expect(words.filter((w) => w === 'comprida')).toHaveLength(29_400);
    },
    scaled(60_000),
  );
});

describe('inline text (a label and its value)', () => {
  it(
    'keeps a long value in its paragraph, wrapped, and renders it whole',
    async () => {
      const value = `${'b'.repeat(30_000)} ${'palavra '.repeat(4_000)}FIM`;
      const started = performance.now();
      const pdf = await renderPdf({
        content: [{ text: [{ text: 'Orientações: ', bold: true }, value] }],
      });
      expect(performance.now() - started).toBeLessThan(6_000);
      const { text } = await checkPdf(pdf);
      const flat = text.replace(/\s+/g, '');
      expect(flat).toContain(`Orientações:${'b'.repeat(30_000)}palavra`);
      expect(flat.endsWith('FIM')).toBe(true);
    },
    scaled(60_000),
  );
});

describe('fields past their bound', () => {
  it.each([
    ['text', rce({ text: 'palavra '.repeat(110_000) }), 'prescription.text', 20_000],
    [
      'posology',
      rce({ posology: 'b'.repeat(2_001) }),
      'prescription.medications.0.posology',
      2_000,
    ],
    ['patient name', rce({ name: 'c'.repeat(501) }), 'prescription.patientData.name', 500],
  ])('%s: a 400 in the error shape with a pt-BR message, fast', async (_n, body, field, max) => {
    const started = performance.now();
    const res = await (await svc.as('anonymous')).post('/api/prescriptions/controlled/pdf', body);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: expect.any(String),
      requestId: expect.any(String),
    });
    expect(res.body.details).toContainEqual({
      field,
      message: `O campo "${field}" deve ter no máximo ${max} caracteres.`,
    });
  });
});
