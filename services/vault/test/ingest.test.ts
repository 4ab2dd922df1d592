import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { fold } from '@pv/pt-text';
import { eventually, scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from './corpus.js';
import { formattedConsult, startVault, type VaultUnderTest } from './harness.js';

let vault: VaultUnderTest;
beforeAll(async () => {
  vault = await startVault({}, { consumer: true });
});
afterAll(() => vault.close());

const recordsOf = (consultId: string) =>
  vault.db.selectFrom('vault_records').selectAll().where('consult_id', '=', consultId).execute();
const countAll = async () =>
  Number(
    (
      await vault.db
        .selectFrom('vault_records')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const maintainedTotal = async () =>
  Number(
    (
      await vault.db
        .selectFrom('vault_counts')
        .select((eb) => eb.fn.sum<string>('record_count').as('n'))
        .executeTakeFirstOrThrow()
    ).n ?? 0,
  );

/** The workspace's call for a consult, with the edited note. */
const workspaceCall = (
  consult: ReturnType<typeof formattedConsult>,
  extra: Record<string, unknown> = {},
) => ({
  consultId: consult.consultId,
  transcript: consult.formattedText,
  rawTranscript: consult.rawTranscript,
  formattedText: consult.formattedText,
  editedText: `${consult.formattedText}\nConduta revisada pelo profissional.`,
  professional: consult.professional,
  audioLengthSec: consult.audioLengthSec,
  ...extra,
});

describe('POST /api/transcript-vault/consult', () => {
  it('archives a visitor call and answers the consult_id (201, then 200 when merged)', async () => {
    const consult = formattedConsult();
    const visitor = vault.anonymous();
    const first = await visitor.post('/api/transcript-vault/consult', workspaceCall(consult));
    expect(first.status).toBe(201);
    expect(first.body.consult_id).toBe(consult.consultId);
    // A later call changes the record with the secret the creation answered (issue 24).
    const again = await visitor.post(
      '/api/transcript-vault/consult',
      workspaceCall(consult, { editSecret: first.body.edit_secret }),
    );
    expect(again.status).toBe(200);
    expect(again.body.consult_id).toBe(consult.consultId);
    expect(await recordsOf(consult.consultId)).toHaveLength(1);
  });

  it('refuses a call without the note and a malformed consultId, in pt-BR', async () => {
    const visitor = vault.anonymous();
    const empty = await visitor.post('/api/transcript-vault/consult', {
      transcript: '  ',
      rawTranscript: 'ditado',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(
      'Envie o texto formatado (formattedText ou transcript) do atendimento para arquivá-lo.',
    );
    const badId = await visitor.post('/api/transcript-vault/consult', {
      consultId: 'abc',
      formattedText: 'Nota',
    });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe(
      'O consultId deve ser o identificador devolvido pela formatação.',
    );
    const badUf = await visitor.post('/api/transcript-vault/consult', {
      formattedText: 'Nota',
      uf: 'XX',
    });
    expect(badUf.status).toBe(400);
  });
});

describe('one record per formatted consultation', () => {
  it('event first, then the workspace call: one record, the edited note added', async () => {
    const user = await vault.as('free');
    const consult = formattedConsult({ userId: user.userId });
    await vault.emit(consult);
    await eventually(async () => (await recordsOf(consult.consultId)).length === 1);
    const res = await user.post('/api/transcript-vault/consult', workspaceCall(consult));
    expect(res.status).toBe(200);
    const rows = await recordsOf(consult.consultId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      has_event: true,
      has_client: true,
      professional: 'medico_familia',
      audio_length_sec: 42,
      professional_hash: vault.hasher.professional(user.userId),
      ip_hash: vault.hasher.ip('203.0.113.7'),
    });
    expect(rows[0]!.edited_transcript).toContain('Conduta revisada pelo profissional.');
  });

  it('workspace call first, then the event: one record, the event authoritative', async () => {
    const consult = formattedConsult({ audioLengthSec: 90 });
    const res = await vault
      .anonymous()
      .post(
        '/api/transcript-vault/consult',
        workspaceCall(consult, { audioLengthSec: 5, uf: 'RS' }),
      );
    expect(res.status).toBe(201);
    await vault.emit(consult);
    await eventually(async () => (await recordsOf(consult.consultId))[0]?.has_event === true);
    const rows = await recordsOf(consult.consultId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      audio_length_sec: 90,
      geo_region: 'RS',
      ip_hash: vault.hasher.ip('203.0.113.7'),
    });
    expect(rows[0]!.edited_transcript).toContain('Conduta revisada');
  });

  it('both at once, many times, and each repeated: still one record each', async () => {
    const consults = Array.from({ length: 15 }, () => formattedConsult());
    const visitor = vault.anonymous();
    await Promise.all(
      consults.flatMap((consult) => [
        vault.emit(consult),
        visitor.post('/api/transcript-vault/consult', workspaceCall(consult)),
        visitor.post('/api/transcript-vault/consult', workspaceCall(consult)),
      ]),
    );
    for (const consult of consults) {
      await eventually(async () => (await recordsOf(consult.consultId))[0]?.has_event === true);
      expect(await recordsOf(consult.consultId)).toHaveLength(1);
    }
  });

  it('a redelivered event (same envelope, new message id) changes nothing', async () => {
    const consult = formattedConsult();
    const envelope = await vault.emit(consult);
    await eventually(async () => (await recordsOf(consult.consultId)).length === 1);
    const nc = await vault.runtime.nats.connected();
    await jetstream(nc).publish(envelope.subject, JSON.stringify(envelope), {
      msgID: randomUUID(),
    });
    // A later event of another consult proves the redelivery was consumed before it.
    const marker = formattedConsult();
    await vault.emit(marker);
    await eventually(async () => (await recordsOf(marker.consultId)).length === 1);
    expect(await recordsOf(consult.consultId)).toHaveLength(1);
  });

  it('an id-less workspace call and the event meet in one record, in either order', async () => {
    const visitor = vault.anonymous();
    const callFirst = formattedConsult();
    const { consultId: _drop, ...idless } = workspaceCall(callFirst);
    const res = await visitor.post('/api/transcript-vault/consult', idless);
    expect(res.status).toBe(201);
    const provisionalId = res.body.consult_id as string;
    expect(provisionalId).not.toBe(callFirst.consultId);
    await vault.emit(callFirst);
    await eventually(async () => (await recordsOf(callFirst.consultId)).length === 1);
    expect(await recordsOf(provisionalId)).toHaveLength(0);
    expect((await recordsOf(callFirst.consultId))[0]!.edited_transcript).toContain('Conduta');

    // A visitor's format: the event names no user, so the workspace's first call claims it.
    const eventFirst = formattedConsult({ userId: null });
    await vault.emit(eventFirst);
    await eventually(async () => (await recordsOf(eventFirst.consultId)).length === 1);
    const { consultId: _drop2, ...idless2 } = workspaceCall(eventFirst);
    const merged = await visitor.post('/api/transcript-vault/consult', idless2);
    expect(merged.status).toBe(200);
    expect(merged.body.consult_id).toBe(eventFirst.consultId);
  });

  it(
    '100 consults formatted while the consumer was down: exactly 100 records, none twice',
    async () => {
      await eventually(async () => (await countAll()) === (await maintainedTotal()));
      const before = await countAll();
      await vault.stopConsumer();
      const consults = Array.from({ length: 100 }, () => formattedConsult());
      for (const consult of consults) await vault.emit(consult);
      expect(await countAll()).toBe(before);
      await vault.startConsumer();
      await eventually(async () => (await countAll()) === before + 100, 20_000);
      // Half of them again, from a publisher that retried outside the duplicate window.
      const nc = await vault.runtime.nats.connected();
      for (const consult of consults.slice(0, 50))
        await jetstream(nc).publish(
          'phi.consult.formatted.v1',
          JSON.stringify({
            id: randomUUID(),
            subject: 'phi.consult.formatted.v1',
            occurredAt: new Date().toISOString(),
            payload: consult,
          }),
        );
      const marker = formattedConsult();
      await vault.emit(marker);
      await eventually(async () => (await recordsOf(marker.consultId)).length === 1);
      expect(await countAll()).toBe(before + 101);
      const ids = consults.map((c) => c.consultId);
      const rows = await vault.db
        .selectFrom('vault_records')
        .select('consult_id')
        .where('consult_id', 'in', ids)
        .execute();
      expect(new Set(rows.map((r) => r.consult_id))).toEqual(new Set(ids));
      expect(await maintainedTotal()).toBe(await countAll());
    },
    scaled(60_000),
  );
});

describe('anonymisation before storage', () => {
  it('no identifier of the corpus survives in any stored column, from either path', async () => {
    const user = await vault.as('premium');
    const ids: string[] = [];
    for (const [i, c] of CORPUS.entries()) {
      const consult = formattedConsult({
        userId: user.userId,
        rawTranscript: c.raw,
        formattedText: c.formatted,
        clientIp: '198.51.100.23',
      });
      ids.push(consult.consultId);
      // Alternate which path arrives first.
      if (i % 2 === 0) await vault.emit(consult);
      await user.post('/api/transcript-vault/consult', {
        ...workspaceCall(consult),
        editedText: c.edited ?? `${c.formatted}\n${c.raw}`,
      });
      if (i % 2 === 1) await vault.emit(consult);
    }
    await eventually(async () => {
      const rows = await vault.db
        .selectFrom('vault_records')
        .select('has_event')
        .where('consult_id', 'in', ids)
        .execute();
      return rows.length === ids.length && rows.every((r) => r.has_event);
    });
    const rows = await vault.db
      .selectFrom('vault_records')
      .selectAll()
      .where('consult_id', 'in', ids)
      .execute();
    const stored = fold(JSON.stringify(rows));
    for (const c of CORPUS)
      for (const identifier of c.identifiers)
        expect(stored, `"${identifier}" was stored`).not.toContain(
          fold(JSON.stringify(identifier).slice(1, -1)),
        );
    for (const raw of [user.userId, '198.51.100.23']) expect(stored).not.toContain(raw);
    for (const row of rows) {
      expect(row.date_ym).toMatch(/^\d{4}-\d{2}$/);
      expect(row.patient_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.transcript_teaser.length).toBeLessThanOrEqual(201);
      expect(row.transcript_teaser).toContain('[NOME]');
    }
    // The region comes from what the texts say (a CEP, a City/UF), never finer than a UF.
    expect(rows.find((r) => r.consult_id === ids[0])?.geo_region).toBe('SP');
    expect(rows.find((r) => r.consult_id === ids[2])?.geo_region).toBe('MG');
    const events = await vault.db.selectFrom('processed_events').selectAll().execute();
    expect(fold(JSON.stringify(events))).not.toContain('maria');
  });
});
