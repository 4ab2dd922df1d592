import { databaseRowsContaining, eventually, testInfra } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormattingUnderTest, startFormatting } from './harness.js';

let svc: FormattingUnderTest;
beforeAll(async () => {
  svc = await startFormatting({}, { consumer: true });
});
afterAll(() => svc.close());

const databaseUrl = () => `${testInfra.postgresUrl}/${svc.config.FORMATTING_DATABASE}`;

describe('erasure of a deleted user (LGPD art. 18)', () => {
  it("deletes the user's templates and leaves a tombstone, not the id", async () => {
    const client = await svc.as('premium');
    const userId = client.userId!;
    const created = await client.post('/api/user-templates', {
      name: 'Meu modelo',
      content: 'QUEIXA PRINCIPAL\n...',
    });
    expect(created.status).toBe(201);
    expect(await databaseRowsContaining(databaseUrl(), userId)).toContain('user_templates');
    const email = `${userId.slice(0, 8)}@clinica.test`;
    await svc.emit('auth.user.changed.v1', {
      change: 'deleted',
      user: {
        id: userId,
        firstName: 'Ana',
        lastName: 'Souza',
        fullName: 'Ana Souza',
        email,
        isAdmin: false,
        isPremium: false,
        userStatus: 'active',
        specialty: null,
        createdAt: new Date().toISOString(),
        lastLoginAt: null,
      },
    });
    await eventually(
      async () => (await svc.db.selectFrom('erased_users').select('user_key').execute()).length > 0,
      10_000,
    );
    expect(await databaseRowsContaining(databaseUrl(), userId)).toEqual([]);
    expect(await databaseRowsContaining(databaseUrl(), email)).toEqual([]);
  });
});
