import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type UserChangedPayload, VerificationMessages } from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { eventually } from '@pv/service-kit/testing';
import { createTestPki } from '@pv/signing/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthUnderTest, collectEvents, newUser, signedInAdmin, startAuth } from './harness.js';

// Issue 23 items 2 and 3: registry + CPF verified by an ICP-Brasil certificate of the same CPF
// (the test root given as SIGNING_EXTRA_TRUST_ROOTS) or by staff reviewing the evidence.
const pki = createTestPki();
const EVIDENCE_KEY = 'ab'.repeat(32);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('carteira-do-crm-de-teste'),
]);

const profile = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Ana Souza',
  professionalRegistry: 'CRM',
  registryNumber: '123456',
  registryUf: 'SP',
  cpf: '529.982.247-25',
  ...overrides,
});

describe('professional verification', () => {
  let auth: AuthUnderTest;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pv-auth-roots-'));
    const roots = path.join(dir, 'test-root.pem');
    await writeFile(roots, pki.rootPem);
    auth = await startAuth(
      { SIGNING_EXTRA_TRUST_ROOTS: roots, VERIFICATION_EVIDENCE_KEY: EVIDENCE_KEY },
      { consumer: true },
    );
  });
  afterAll(async () => {
    await auth.close();
    await rm(dir, { recursive: true, force: true });
  });

  const byCertificate = (client: Awaited<ReturnType<typeof newUser>>['client'], p12: Buffer) =>
    client.post('/api/profile/verification/certificate', {
      certificateBase64: p12.toString('base64'),
      password: pki.password,
    });

  it('a new account is pendente; the CPF is checked (check digits) and stored as digits', async () => {
    const { client } = await newUser(auth.url);
    const me = await client.get('/auth/user');
    expect(me.body.professionalVerification).toMatchObject({ state: 'pendente', method: null });
    const bad = await client.put('/api/profile', profile({ cpf: '529.982.247-26' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'CPF_INVALID',
      message: VerificationMessages.cpfInvalid,
    });
    const saved = await client.put('/api/profile', profile());
    expect(saved.status).toBe(200);
    expect(saved.body.cpf).toBe('52998224725');
  });

  it('a certificate of the same CPF under a trusted root verifies, and the event carries it', async () => {
    const nc = await connectNats(auth.config.NATS_URL, 'test-verification');
    const events = await collectEvents(nc, `test-verification-${Date.now()}`, [
      'auth.user.changed.v1',
    ]);
    const { client, id } = await newUser(auth.url);
    await client.put('/api/profile', profile());
    const result = await byCertificate(client, pki.withCrm.p12);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      state: 'verificado',
      method: 'certificado-icp-brasil',
      evidenceSubmitted: false,
    });
    expect(String(result.body.decidedBy)).toContain('raiz extra SIGNING_EXTRA_TRUST_ROOTS');
    const event = await events.waitFor((e) => {
      const user = (e.payload as UserChangedPayload).user;
      return user.id === id && user.professionalVerification?.state === 'verificado';
    });
    expect((event.payload as UserChangedPayload).user.professionalVerification).toMatchObject({
      state: 'verificado',
      verifiedCpf: '52998224725',
    });
    await events.stop();
    await nc.close();

    // A changed CPF (or registry) is verified again.
    const changed = await client.put('/api/profile', profile({ cpf: '111.444.777-35' }));
    expect((changed.body.professionalVerification as { state: string }).state).toBe('pendente');
  });

  it('refuses a certificate of another CPF, of an untrusted root, or of another registry', async () => {
    const { client } = await newUser(auth.url);
    await client.put('/api/profile', profile());
    const other = await byCertificate(client, pki.otherCpfHolder.p12);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 'CERTIFICATE_CPF_MISMATCH',
      message: VerificationMessages.certificateCpfMismatch,
    });
    const foreign = await byCertificate(client, pki.foreignRoot.p12);
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({
      code: 'CERTIFICATE_UNTRUSTED',
      message: VerificationMessages.certificateUntrusted,
    });
    await client.put('/api/profile', profile({ registryUf: 'RJ' }));
    const registry = await byCertificate(client, pki.withCrm.p12);
    expect(registry.status).toBe(422);
    expect(registry.body.code).toBe('CERTIFICATE_REGISTRY_MISMATCH');
    const wrongPassword = await client.post('/api/profile/verification/certificate', {
      certificateBase64: pki.valid.p12.toString('base64'),
      password: 'outra',
    });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.message).toBe('Senha do certificado incorreta.');
    expect((await client.get('/api/profile/verification')).body.state).toBe('pendente');
  });

  it('without the extra root the same certificate is untrusted', async () => {
    const bare = await startAuth({}, {});
    try {
      const { client } = await newUser(bare.url);
      await client.put('/api/profile', profile());
      const result = await byCertificate(client, pki.valid.p12);
      expect(result.status).toBe(422);
      expect(result.body.code).toBe('CERTIFICATE_UNTRUSTED');
      // ...and evidence cannot be taken without its key.
      const evidence = await client.post('/api/profile/verification/evidence', {
        contentType: 'image/png',
        dataBase64: PNG.toString('base64'),
      });
      expect(evidence.status).toBe(503);
    } finally {
      await bare.close();
    }
  });

  it('staff review: evidence kept encrypted, the queue, approve (audited), evidence deleted', async () => {
    const { client, id } = await newUser(auth.url);
    const early = await client.post('/api/profile/verification/evidence', {
      contentType: 'image/png',
      dataBase64: PNG.toString('base64'),
    });
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(VerificationMessages.profileIncomplete);
    await client.put('/api/profile', profile());
    const notPng = await client.post('/api/profile/verification/evidence', {
      contentType: 'image/png',
      dataBase64: Buffer.from('<script>alert(1)</script>').toString('base64'),
    });
    expect(notPng.status).toBe(400);
    expect(notPng.body.code).toBe('EVIDENCE_UNREADABLE');
    const sent = await client.post('/api/profile/verification/evidence', {
      contentType: 'image/png',
      dataBase64: PNG.toString('base64'),
    });
    expect(sent.status).toBe(202);
    expect(sent.body.message).toBe(VerificationMessages.evidenceReceived);

    const stored = await auth.db
      .selectFrom('verification_evidence' as never)
      .selectAll()
      .where('user_id' as never, '=', id as never)
      .executeTakeFirstOrThrow();
    const sealed = (stored as { sealed: Buffer }).sealed;
    expect(sealed.includes(Buffer.from('carteira-do-crm-de-teste'))).toBe(false);

    expect((await client.get('/api/admin/verifications')).status).toBe(403);
    const admin = await signedInAdmin(auth.url);
    const queue = await admin.get('/api/admin/verifications');
    expect(queue.status).toBe(200);
    const entry = (queue.body as unknown as { userId: string }[]).find((e) => e.userId === id);
    expect(entry).toMatchObject({
      cpf: '52998224725',
      registryNumber: '123456',
      evidenceContentType: 'image/png',
    });
    const file = await fetch(`${auth.url}/api/admin/verifications/${id}/evidence`, {
      headers: { cookie: admin.cookie ?? '' },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const approved = await admin.post(`/api/admin/verifications/${id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(VerificationMessages.approved);
    const mine = await client.get('/api/profile/verification');
    expect(mine.body).toMatchObject({
      state: 'verificado',
      method: 'revisao-equipe',
      decidedBy: 'chefe@clinica.test',
      evidenceSubmitted: false,
    });
    const left = await auth.db
      .selectFrom('verification_evidence' as never)
      .selectAll()
      .where('user_id' as never, '=', id as never)
      .execute();
    expect(left).toEqual([]);
    expect((await admin.post(`/api/admin/verifications/${id}/approve`, {})).status).toBe(409);

    const audit = await eventually(async () => {
      const page = await admin.get(`/api/admin/audit-log?targetId=${id}`);
      const entries = (page.body.entries as { action: string }[]) ?? [];
      return entries.some((e) => e.action === 'user.verification.approve') ? entries : undefined;
    });
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['user.verification.approve', 'user.verification.evidence.view']),
    );
  });

  it('refusal needs a reason, which the professional reads; new evidence sends it back', async () => {
    const { client, id } = await newUser(auth.url);
    await client.put('/api/profile', profile());
    const admin = await signedInAdmin(auth.url);
    const blank = await admin.post(`/api/admin/verifications/${id}/refuse`, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(VerificationMessages.reasonRequired);
    const refused = await admin.post(`/api/admin/verifications/${id}/refuse`, {
      reason: 'O número não consta no CRM-SP.',
    });
    expect(refused.status).toBe(200);
    expect((await client.get('/api/profile/verification')).body).toMatchObject({
      state: 'recusado',
      reason: 'O número não consta no CRM-SP.',
    });
    await client.post('/api/profile/verification/evidence', {
      contentType: 'image/png',
      dataBase64: PNG.toString('base64'),
    });
    expect((await client.get('/api/profile/verification')).body).toMatchObject({
      state: 'pendente',
      reason: null,
      evidenceSubmitted: true,
    });
  });
});
