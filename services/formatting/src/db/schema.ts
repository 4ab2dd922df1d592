import type { KitTables } from '@pv/service-kit/events';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';

export interface ProfessionalTemplatesTable {
  id: Generated<string>;
  professional: string;
  name: string;
  prompt: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MedicalTermsTable {
  id: Generated<string>;
  term: string;
  category: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SystemInstructionsTable {
  id: Generated<string>;
  title: string;
  content: string;
  display_order: Generated<number>;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AiTemplatesTable {
  id: Generated<string>;
  template_key: string;
  template_type: Generated<string>;
  name: string;
  category: string | null;
  description: string | null;
  prompt: string;
  is_active: Generated<boolean>;
  is_system_default: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UserTemplatesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  content: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FormattingDatabase {
  professional_templates: ProfessionalTemplatesTable;
  medical_terms: MedicalTermsTable;
  system_instructions: SystemInstructionsTable;
  ai_templates: AiTemplatesTable;
  user_templates: UserTemplatesTable;
}

export type UserTemplateRow = Selectable<UserTemplatesTable>;

/** The formatting database with the kit's outbox and processed-events tables. */
export type FormattingKysely = Kysely<FormattingDatabase & KitTables>;
/** What a repository function takes first: the database or a transaction on it. */
export type FormattingDb = FormattingKysely | Transaction<FormattingDatabase & KitTables>;
