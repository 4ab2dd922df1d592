import type { Migration } from 'kysely/migration';
import * as accounts from './2026_11_22_0900_accounts.js';
import * as auditLog from './2026_11_26_0900_audit_log.js';
import * as registryUfAndRqe from './2026_11_26_0900_registry_uf_and_rqe.js';
import * as userSearchTrgm from './2026_11_26_1200_user_search_trgm.js';
import * as announceUsers from './2026_11_26_1500_announce_users.js';
import * as professionalVerification from './2026_11_28_1500_professional_verification.js';
import * as staffSecondFactor from './2026_11_28_1500_staff_second_factor.js';
import * as emailLinkPurpose from './2026_11_28_1900_email_link_purpose.js';

export const authMigrations: Record<string, Migration> = {
  '2026_11_22_0900_accounts': accounts,
  '2026_11_26_0900_audit_log': auditLog,
  '2026_11_26_0900_registry_uf_and_rqe': registryUfAndRqe,
  '2026_11_26_1200_user_search_trgm': userSearchTrgm,
  '2026_11_26_1500_announce_users': announceUsers,
  '2026_11_28_1500_professional_verification': professionalVerification,
  '2026_11_28_1500_staff_second_factor': staffSecondFactor,
  '2026_11_28_1900_email_link_purpose': emailLinkPurpose,
};
