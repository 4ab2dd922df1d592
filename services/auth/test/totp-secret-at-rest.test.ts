import { randomBytes } from 'node:crypto';
import { totpCode } from '@pv/service-kit/http';
import { TEST_ADMIN_TOTP_SECRET } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealStoredSecrets } from '../src/staff-mfa/second-factor.repository.js';
import { TotpSecretBox } from '../src/staff-mfa/totp-secret-box.js';
import {
  ADMIN,
  type AuthUnderTest,
  Client,
  signedInAdmin,
  startAuth,
  uniqueEmail,
} from './harness.js';

// Issue 23: the admins' TOTP secrets are sealed at rest (AES-256-GCM, AAD = the admin's id)
// under TOTP_SECRET_KEY; rows from before the key are sealed at start; a rotated key still opens.
const KEY = randomBytes(32).toString('hex');
let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuth({ TOTP_SECRET_KEY: KEY });
});
afterAll(() => auth.close());

const storedOf = async (userId: string) =>
  auth.db
    .selectFrom('staff_second_factors')
    .select(['totp_secret', 'pending_secret'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
const adminId = async () =>
  (
    await auth.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow()
  ).id;

describe('TOTP secrets at rest', () => {
  it('seals the seeded secret and still signs the admin in with its code', async () => {
    const stored = (await storedOf(await adminId())).totp_secret ?? '';
    expect(stored).toMatch(/^gcm1:/);
    expect(stored).not.toContain(TEST_ADMIN_TOTP_SECRET);
    const admin = await signedInAdmin(auth.url);
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });

  it('seals a secret stored before the key (the start-up migration), then signs in with it', async () => {
    const id = await adminId();
    await auth.db
      .updateTable('staff_second_factors')
      .set({ totp_secret: TEST_ADMIN_TOTP_SECRET })
      .where('user_id', '=', id)
      .execute();
    const box = new TotpSecretBox({ current: KEY });
    expect(await sealStoredSecrets(auth.db, box)).toBeGreaterThanOrEqual(1);
    expect((await storedOf(id)).totp_secret).toMatch(/^gcm1:/);
    expect(await sealStoredSecrets(auth.db, box)).toBe(0);
    const admin = await signedInAdmin(auth.url);
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });

  it('binds a sealed secret to its admin (AAD) and opens nothing under another key', async () => {
    const id = await adminId();
    const sealed = (await storedOf(id)).totp_secret ?? '';
    const box = new TotpSecretBox({ current: KEY });
    expect(box.open(id, sealed)).toBe(TEST_ADMIN_TOTP_SECRET);
    expect(() => box.open('00000000-0000-4000-8000-000000000000', sealed)).toThrow();
    expect(() =>
      new TotpSecretBox({ current: randomBytes(32).toString('hex') }).open(id, sealed),
    ).toThrow();
  });

  it('after a rotation the previous key still opens, and the start re-seals under the new one', async () => {
    const id = await adminId();
    const next = randomBytes(32).toString('hex');
    const rotated = new TotpSecretBox({ current: next, previous: KEY });
    expect(rotated.needsSealing(id, (await storedOf(id)).totp_secret ?? '')).toBe(true);
    expect(await sealStoredSecrets(auth.db, rotated)).toBeGreaterThanOrEqual(1);
    const resealed = (await storedOf(id)).totp_secret ?? '';
    expect(new TotpSecretBox({ current: next }).open(id, resealed)).toBe(TEST_ADMIN_TOTP_SECRET);
    // Back under this server's key for the rest of the file.
    await sealStoredSecrets(auth.db, new TotpSecretBox({ current: KEY, previous: next }));
  });

  it('enrols a new admin with the pending and the enrolled secret sealed', async () => {
    const seeded = await signedInAdmin(auth.url);
    const email = uniqueEmail('cofre');
    const created = await seeded.post('/api/admin/users', {
      fullName: 'Clara Coordenadora',
      email,
      password: 'Coorden4cao!inicial',
      isAdmin: true,
      userStatus: 'active',
    });
    expect(created.status).toBe(201);
    const id = (created.body.user as { id: string }).id;
    const client = new Client(auth.url);
    await client.login(email, 'Coorden4cao!inicial');
    await client.post('/auth/change-password', {
      currentPassword: 'Coorden4cao!inicial',
      newPassword: 'Coorden4cao!segura',
      confirmPassword: 'Coorden4cao!segura',
    });
    const started = await client.post('/auth/mfa/enrolment');
    const secret = String(started.body.secret);
    const pending = (await storedOf(id)).pending_secret ?? '';
    expect(pending).toMatch(/^gcm1:/);
    expect(pending).not.toContain(secret);
    expect(
      (await client.post('/auth/mfa/enrolment/confirm', { code: totpCode(secret) })).status,
    ).toBe(200);
    const enrolled = (await storedOf(id)).totp_secret ?? '';
    expect(enrolled).toMatch(/^gcm1:/);
    expect(enrolled).not.toContain(secret);
    const again = await new Client(auth.url).login(email, 'Coorden4cao!segura', {
      totpCode: totpCode(secret),
    });
    expect(again.body.secondFactor).toBe('verified');
  });
});
