import { randomUUID } from 'node:crypto';
import { VaultMessages } from '@pv/contracts';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formattedConsult, startVault, type VaultUnderTest } from './harness.js';

// Issue 24 item 6: the public archive route creates; changing a record takes its owner's session
// or the secret answered to the call that created it. A stranger who knows a consult or
// transcription id cannot replace the edited transcript.

let vault: VaultUnderTest;
beforeAll(async () => {
  vault = await startVault({}, { consumer: true });
});
afterAll(() => vault.close());

const LOCKED =
  'Este atendimento já está arquivado no Transcript Vault e só pode ser alterado por quem o arquivou.';
const recordOf = async (consultId: string) =>
  vault.db
    .selectFrom('vault_records')
    .selectAll()
    .where('consult_id', '=', consultId)
    .executeTakeFirstOrThrow();
const edit = (consult: ReturnType<typeof formattedConsult>, text: string, extra = {}) => ({
  consultId: consult.consultId,
  formattedText: consult.formattedText,
  editedText: `${consult.formattedText}\n${text}`,
  ...extra,
});

describe('the public archive only creates', () => {
  it('a visitor creates and gets a secret; a stranger is refused, the secret-holder edits', async () => {
    const consult = formattedConsult();
    const created = await vault
      .anonymous()
      .post('/api/transcript-vault/consult', edit(consult, 'Conduta do profissional.'));
    expect(created.status).toBe(201);
    const secret = created.body.edit_secret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only its hash is kept.
    const row = await recordOf(consult.consultId);
    expect(row.edit_secret_hash?.length).toBe(32);
    expect(JSON.stringify(row)).not.toContain(secret);

    for (const attempt of [{}, { editSecret: 'segredo-errado' }, { editSecret: null }]) {
      const stranger = await vault
        .anonymous()
        .post('/api/transcript-vault/consult', edit(consult, 'Texto trocado.', attempt));
      expect(stranger.status).toBe(403);
      expect(stranger.body).toMatchObject({ code: 'VAULT_RECORD_LOCKED', message: LOCKED });
    }
    // A signed-in stranger is no owner of a visitor's record either.
    const signedIn = await vault.as('free');
    expect(
      (await signedIn.post('/api/transcript-vault/consult', edit(consult, 'Texto trocado.')))
        .status,
    ).toBe(403);
    expect((await recordOf(consult.consultId)).edited_transcript).toContain(
      'Conduta do profissional.',
    );

    const holder = await vault
      .anonymous()
      .post(
        '/api/transcript-vault/consult',
        edit(consult, 'Conduta revisada.', { editSecret: secret }),
      );
    expect(holder.status).toBe(200);
    expect(holder.body.edit_secret).toBeUndefined();
    expect((await recordOf(consult.consultId)).edited_transcript).toContain('Conduta revisada.');
  });

  it("the owner's session edits a record the event created; another user cannot, even by transcription id", async () => {
    const owner = await vault.as('free');
    const transcriptionId = randomUUID();
    const consult = formattedConsult({
      userId: owner.userId,
      transcription: { id: transcriptionId, part: 1, parts: 1 },
    });
    await vault.emit(consult);
    await eventually(
      async () =>
        (
          await vault.db
            .selectFrom('vault_records')
            .select('consult_id')
            .where('consult_id', '=', consult.consultId)
            .execute()
        ).length === 1,
    );

    const other = await vault.as('free');
    const byTranscription = await other.post('/api/transcript-vault/consult', {
      ...edit(consult, 'Texto trocado.'),
      consultId: randomUUID(),
      transcriptionId,
    });
    expect(byTranscription.body).toMatchObject({ message: LOCKED });
    expect(byTranscription.status).toBe(403);
    const visitor = await vault
      .anonymous()
      .post('/api/transcript-vault/consult', edit(consult, 'Texto trocado.'));
    expect(visitor.status).toBe(403);
    expect((await recordOf(consult.consultId)).edited_transcript).toBeNull();

    const mine = await owner.post(
      '/api/transcript-vault/consult',
      edit(consult, 'Editado pelo dono.', { transcriptionId }),
    );
    expect(mine.status).toBe(200);
    expect((await recordOf(consult.consultId)).edited_transcript).toContain('Editado pelo dono.');
  });

  it("a visitor's record the event created is claimed by the workspace's first call, then locked", async () => {
    const consult = formattedConsult({ userId: null });
    await vault.emit(consult);
    await eventually(
      async () =>
        (
          await vault.db
            .selectFrom('vault_records')
            .select('consult_id')
            .where('consult_id', '=', consult.consultId)
            .execute()
        ).length === 1,
    );
    // The workspace's call right after the format: no edit yet; it gets the record's secret.
    const claim = await vault.anonymous().post('/api/transcript-vault/consult', {
      consultId: consult.consultId,
      formattedText: consult.formattedText,
      editedText: null,
    });
    expect(claim.status).toBe(200);
    const secret = claim.body.edit_secret as string;
    expect(secret).toBeTruthy();

    const stranger = await vault
      .anonymous()
      .post('/api/transcript-vault/consult', edit(consult, 'Texto trocado.'));
    expect(stranger).toMatchObject({ status: 403, body: { code: 'VAULT_RECORD_LOCKED' } });
    const holder = await vault
      .anonymous()
      .post('/api/transcript-vault/consult', edit(consult, 'Conduta.', { editSecret: secret }));
    expect(holder.status).toBe(200);
    expect((await recordOf(consult.consultId)).edited_transcript).toContain('Conduta.');
  });

  it('a malformed secret is a 400 in pt-BR', async () => {
    const res = await vault
      .anonymous()
      .post('/api/transcript-vault/consult', { formattedText: 'Nota', editSecret: 'não vale!' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VaultMessages.invalidEditSecret);
  });
});
