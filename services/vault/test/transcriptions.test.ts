import { randomUUID } from 'node:crypto';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formattedConsult, startVault, type VaultUnderTest } from './harness.js';

// Issue 13 items 5 and 6: one vault record per transcription however often it is formatted, the
// clinician's edited note in it, a dictation formatted in parts as one record, and the
// workspace's display-only additions (speaker labels, soft line breaks) not in it.

let vault: VaultUnderTest;
beforeAll(async () => {
  vault = await startVault({}, { consumer: true });
});
afterAll(() => vault.close());

const recordsOfTranscription = (transcriptionId: string) =>
  vault.db
    .selectFrom('vault_records')
    .selectAll()
    .where('transcription_id', '=', transcriptionId)
    .execute();
const note = (complaint: string) =>
  `Consulta Médica\nPaciente: Não informado | Idade: Não informado | Sexo: Não informado\n\nQUEIXA PRINCIPAL\n${complaint}`;

describe('one vault record per transcription', () => {
  it('two formats and an edit: one record, the latest note, the edited text', async () => {
    const transcriptionId = randomUUID();
    const user = await vault.as('free');
    const first = formattedConsult({
      userId: user.userId,
      formattedText: note('Cefaleia há três dias.'),
      transcription: { id: transcriptionId, part: 1, parts: 1 },
    });
    await vault.emit(first);
    await eventually(async () => (await recordsOfTranscription(transcriptionId)).length === 1);
    // The workspace's call after the format (no edit yet).
    const call = await user.post('/api/transcript-vault/consult', {
      consultId: first.consultId,
      transcriptionId,
      formattedText: first.formattedText,
      editedText: null,
      professional: 'medico_familia',
    });
    expect(call.status).toBe(200);

    // Formatted again: a new consultId, the same transcription.
    const second = formattedConsult({
      userId: user.userId,
      formattedText: note('Cefaleia há quatro dias, pulsátil.'),
      transcription: { id: transcriptionId, part: 1, parts: 1 },
    });
    await vault.emit(second);
    await eventually(async () =>
      (await recordsOfTranscription(transcriptionId))[0]?.transcript.includes('quatro dias'),
    );
    await user.post('/api/transcript-vault/consult', {
      consultId: second.consultId,
      transcriptionId,
      formattedText: second.formattedText,
      editedText: null,
    });

    // The clinician edits and saves the note.
    const edited = `${second.formattedText}\nConduta: dipirona se dor, revisada pelo médico.`;
    const save = await user.post('/api/transcript-vault/consult', {
      consultId: second.consultId,
      transcriptionId,
      formattedText: second.formattedText,
      editedText: edited,
    });
    expect(save.status).toBe(200);
    expect(save.body.consult_id).toBe(first.consultId);

    const rows = await recordsOfTranscription(transcriptionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.transcript).toContain('Cefaleia há quatro dias, pulsátil.');
    expect(rows[0]?.edited_transcript).toContain('revisada pelo médico');
    const byConsult = await vault.db
      .selectFrom('vault_records')
      .select('consult_id')
      .where('consult_id', 'in', [first.consultId, second.consultId])
      .execute();
    expect(byConsult).toHaveLength(1);
  });

  it('the workspace call before the event: still one record, keyed by the transcription', async () => {
    const transcriptionId = randomUUID();
    const consult = formattedConsult({
      formattedText: note('Tosse seca há uma semana.'),
      transcription: { id: transcriptionId, part: 1, parts: 1 },
    });
    const call = await vault.anonymous().post('/api/transcript-vault/consult', {
      consultId: consult.consultId,
      transcriptionId,
      formattedText: consult.formattedText,
      editedText: `${consult.formattedText}\nEditado.`,
    });
    expect(call.status).toBe(201);
    await vault.emit(consult);
    await eventually(
      async () => (await recordsOfTranscription(transcriptionId))[0]?.has_event === true,
    );
    const rows = await recordsOfTranscription(transcriptionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.has_client).toBe(true);
  });

  it('a long dictation formatted in parts is one record holding every part, in order', async () => {
    const transcriptionId = randomUUID();
    const parts = [1, 2, 3].map((part) =>
      formattedConsult({
        formattedText: note(`Parte ${part} do atendimento.`),
        rawTranscript: `ditado da parte ${part}`,
        transcription: { id: transcriptionId, part, parts: 3 },
      }),
    );
    // Out of order, as a redelivery after a restart could bring them.
    for (const i of [1, 0, 2]) await vault.emit(parts[i] as (typeof parts)[number]);
    await eventually(async () => {
      const [row] = await recordsOfTranscription(transcriptionId);
      return row?.transcript.includes('Parte 3') && row.transcript.includes('Parte 1');
    });
    const rows = await recordsOfTranscription(transcriptionId);
    expect(rows).toHaveLength(1);
    const text = rows[0]?.transcript ?? '';
    expect(text.indexOf('Parte 1')).toBeLessThan(text.indexOf('Parte 2'));
    expect(text.indexOf('Parte 2')).toBeLessThan(text.indexOf('Parte 3'));
    expect(rows[0]?.raw_transcript).toBe(
      'ditado da parte 1\n\nditado da parte 2\n\nditado da parte 3',
    );
    // Deleting the record forgets its parts too.
    const admin = await vault.as('admin');
    await vault.unlock(admin);
    expect(
      (await admin.delete(`/api/admin/transcript-vault/record/${rows[0]?.consult_id}`)).status,
    ).toBe(200);
    const left = await vault.db
      .selectFrom('vault_record_parts')
      .selectAll()
      .where('transcription_id', '=', transcriptionId)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps speaker labels and the soft line breaks of the workspace out of the record', async () => {
    const transcriptionId = randomUUID();
    const long = `${'refere dor lombar '.repeat(60)}irradiada`;
    // The workspace breaks a line past 1,000 characters at a space, mid-sentence.
    const cut = long.indexOf(' ', 1_000);
    const raw = `Falante 1:\n${long.slice(0, cut)}\n${long.slice(cut + 1)} para a perna.\nFalante 2: Desde quando?`;
    const res = await vault.anonymous().post('/api/transcript-vault/consult', {
      transcriptionId,
      rawTranscript: raw,
      formattedText: note('Dor lombar.'),
    });
    expect(res.status).toBe(201);
    const [row] = await recordsOfTranscription(transcriptionId);
    expect(row?.raw_transcript).not.toMatch(/falante/i);
    expect(row?.raw_transcript).toContain(`${long} para a perna.\nDesde quando?`);
  });
});
