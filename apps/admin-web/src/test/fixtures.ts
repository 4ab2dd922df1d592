import type { AdminUser, CurrentUser } from '@pv/contracts';
import { currentUserFixture } from '@pv/web-kit/testing';

let counter = 0;
/** A valid, unique UUID for fixtures. */
export function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export const adminUser: CurrentUser = currentUserFixture({
  id: uuid(),
  email: 'ana.admin@example.com',
  lastName: 'Admin',
  fullName: 'Ana Admin',
  isAdmin: true,
  createdAt: '2026-01-10T12:00:00.000Z',
  lastLoginAt: '2026-11-20T12:00:00.000Z',
});

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: uuid(),
    fullName: 'Bruno Souza',
    firstName: 'Bruno',
    lastName: 'Souza',
    email: 'bruno@example.com',
    picture: null,
    userStatus: 'active',
    isPremium: false,
    isAdmin: false,
    specialty: 'medico_familia',
    registryNumber: '12345',
    professionalRegistry: 'CRM',
    registryUf: 'SP',
    rqe: null,
    clinicPhone: null,
    clinicAddress: null,
    createdAt: '2026-02-01T10:00:00.000Z',
    lastLoginAt: null,
    subscriptionStatus: null,
    mustChangePassword: false,
    termsAcceptance: null,
    ...overrides,
  };
}

/** The current-user answer for an admin; spread into a `jsonResponses` table. */
export const asAdmin = {
  'GET /auth/user': [200, adminUser] as [number, unknown],
  // The session passed the admin's second factor (issue 23), so the console opens.
  'GET /auth/mfa': [200, { secondFactor: 'verified' }] as [number, unknown],
};

/** The pagination block of a list with nothing in it (GET /api/admin/users, support tickets). */
export const emptyPagination = {
  totalCount: 0,
  currentPage: 1,
  totalPages: 0,
  hasPrev: false,
  hasNext: false,
};

/** GET /api/admin/users answering an empty list; spread into a `jsonResponses` table. */
export const noUsers = {
  'GET /api/admin/users': [200, { users: [], pagination: emptyPagination }] as [number, unknown],
};
