import type { CurrentUser } from '@pv/contracts';

/**
 * An account with nothing personal (no name, e-mail, registry or dates of its own), as a signed-in
 * page is pre-rendered for: `facts` are the few that change the layout (premium, administrator,
 * registry, e-mail confirmed). Whoever really signs in fills in the rest when the SPA replaces
 * the copy.
 */
export function accountWithoutPersonalData(facts: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    email: '',
    firstName: '',
    lastName: '',
    fullName: '',
    profileImageUrl: null,
    isAdmin: false,
    isPremium: false,
    subscriptionStatus: null,
    userStatus: 'active',
    specialty: null,
    professionalRegistry: null,
    registryNumber: null,
    registryUf: null,
    rqe: null,
    clinicPhone: null,
    clinicAddress: null,
    mustChangePassword: false,
    createdAt: new Date(0).toISOString(),
    lastLoginAt: null,
    ...facts,
  };
}
