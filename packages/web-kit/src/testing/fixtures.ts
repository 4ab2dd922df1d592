import type { CurrentUser } from '@pv/contracts';
import { accountWithoutPersonalData } from '../accounts.js';

/**
 * A signed-in user as GET /auth/user answers it: Ana Souza, a free, active clinician with an
 * empty profile. Override what a test needs.
 * @example currentUserFixture({ isPremium: true, subscriptionStatus: 'active' })
 */
export function currentUserFixture(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return accountWithoutPersonalData({
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ana@clinica.test',
    firstName: 'Ana',
    lastName: 'Souza',
    fullName: 'Ana Souza',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}
