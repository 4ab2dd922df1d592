/**
 * The offline reading of a consultation (parseConsultation, then the hospital prescription's
 * route, schedule and dilution) runs on up to 200,000 characters an anonymous caller sends to
 * /api/prescriptions/hospital and the offline documents. Each shape below made one of its patterns
 * quadratic before the hostile-input audit (20,000 characters took ~0.5 s, so 200,000 took tens of
 * seconds); linear now (~10 ms at 200,000). Bounds are generous for a loaded 2-core machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConsultation } from '../src/generation/consultation.js';
import { isControlledMedication } from '../src/generation/controlled-drugs.js';
import { hospitalFromConsultation } from '../src/generation/prescriptions.js';
import { type DocumentsUnderTest, PROFILE, startDocuments } from './harness.js';

/** Room for the few characters around each run: the route takes 200,000 at most. */
const SIZE = 200_000 - 50;
const repeat = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const HOSTILE: readonly [string, string][] = [
  ['blanks and commas before a dose', `Dipirona${repeat(', \t', SIZE)}x 500 mg`],
  ['"solicit" and a run of line breaks', `solicit\nexame\n${repeat('\n', SIZE)}.solicit\nc`],
  ['"solicit" inside one long word', `${repeat('xamesolicit', SIZE)}xame solicit\ng`],
  ['requested exams split on a run of tabs', `solicito x${repeat('\t', SIZE)}x`],
  ['"CID" and a run of tabs', `CID\t${repeat('\t', SIZE)}`],
  ['a dose then a run of digits', `Dipirona 500 mg S${repeat('0', SIZE)}0 EM 0 HORAS`],
  ['a dose then "dilu" repeated', `Dipirona 500 mg ${repeat('dilu', SIZE)}`],
];

function readCostMs(text: string): number {
  const started = performance.now();
  const consultation = parseConsultation(text, isControlledMedication);
  hospitalFromConsultation(consultation, { name: 'Dra. Ana', registry: 'CRM/SP 123456' });
  return performance.now() - started;
}

describe('reading a consultation of hostile text', () => {
  it.each(HOSTILE)('%s: 200,000 characters in well under a second', (_name, text) => {
    readCostMs('Dipirona 500 mg'); // warm-up
    expect(readCostMs(text)).toBeLessThan(1_000);
  });
});

describe('through the service, anonymously', () => {
  let svc: DocumentsUnderTest;
  beforeAll(async () => {
    svc = await startDocuments();
  });
  afterAll(() => svc.close());

  it('the hospital prescription of the worst shapes answers fast', async () => {
    const client = await svc.as('anonymous');
    for (const [name, text] of HOSTILE.slice(0, 5)) {
      const started = performance.now();
      const res = await client.post('/api/prescriptions/hospital', {
        consultationText: text,
        profile: PROFILE,
      });
      const ms = performance.now() - started;
      expect(res.status, name).toBe(200);
      expect(ms, `${name}: ${ms.toFixed(0)} ms`).toBeLessThan(3_000);
    }
  });
});
