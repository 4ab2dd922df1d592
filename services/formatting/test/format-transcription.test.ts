import { randomBytes, randomUUID } from 'node:crypto';
import type { ConsultFormattedPayload, FormatTextResponse } from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, type FormattingUnderTest, startFormatting } from './harness.js';

// Issue 13 items 5 and 6 on the formatting side: the transcription (and part) a format belongs to
// reaches consult.formatted.v1 for the vault's one record per transcription, and the dictation
// in the event is clean of the workspace's display-only additions.

let svc: FormattingUnderTest;
beforeAll(async () => {
  svc = await startFormatting();
});
afterAll(() => svc.close());

describe('format-text and the transcription', () => {
  it('carries the transcription id and part to consult.formatted.v1, and a clean dictation', async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-transcription');
    const events = await collectEvents(nc, `test-transcription-${randomBytes(4).toString('hex')}`, [
      'phi.consult.formatted.v1',
    ]);
    const transcription = { id: randomUUID(), part: 2, parts: 3 };
    const text =
      'Falante 1:\nPaciente Ana Souza, 34 anos, refere tosse seca há uma semana.\nFalante 2: Conduta: xarope.';
    const res = await (await svc.as('free')).post('/api/format-text', {
      text,
      professional: 'consulta_medica',
      transcription,
    });
    expect(res.status).toBe(200);
    const body = res.body as unknown as FormatTextResponse;
    // Speaker labels are not content of the note either.
    expect(body.text).not.toMatch(/falante/i);
    const event = await events.waitFor(
      (e) => (e.payload as ConsultFormattedPayload).consultId === body.consultId,
    );
    const payload = event.payload as ConsultFormattedPayload;
    expect(payload.transcription).toEqual(transcription);
    expect(payload.rawTranscript).toBe(
      'Paciente Ana Souza, 34 anos, refere tosse seca há uma semana.\nConduta: xarope.',
    );
    await events.stop();
    await nc.close();
  });

  it('refuses a part past the number of parts, in pt-BR', async () => {
    const res = await (await svc.as('free')).post('/api/format-text', {
      text: 'Refere tosse.',
      professional: 'consulta_medica',
      transcription: { id: randomUUID(), part: 4, parts: 3 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A parte da transcrição passa do número de partes informado.');
  });
});
