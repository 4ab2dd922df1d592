import type { Migration } from 'kysely/migration';
import * as professionals from './2026_11_26_0900_professionals.js';
import * as signing from './2026_11_26_0900_signing.js';
import * as documentTemplates from './2026_11_26_1200_document_templates.js';
import * as signedDocumentObjects from './2026_11_26_1300_signed_document_objects.js';
import * as signedDocumentSize from './2026_11_26_1400_signed_document_size.js';
import * as professionalVerification from './2026_11_28_1500_professional_verification.js';
import { type BoundEnvelopesDeps, boundEnvelopes } from './2026_11_28_1600_bound_envelopes.js';

export type { BoundEnvelopesDeps, ObjectBytes } from './2026_11_28_1600_bound_envelopes.js';

/**
 * The service's own tables; the kit's outbox migration is applied by openRuntime. The key wrapper
 * and the bucket are for the one migration that re-encrypts rows (issue 24).
 */
export const documentsMigrations = (deps: BoundEnvelopesDeps): Record<string, Migration> => ({
  '2026_11_26_0900_professionals': professionals,
  '2026_11_26_0900_signing': signing,
  '2026_11_26_1200_document_templates': documentTemplates,
  '2026_11_26_1300_signed_document_objects': signedDocumentObjects,
  '2026_11_26_1400_signed_document_size': signedDocumentSize,
  '2026_11_28_1500_professional_verification': professionalVerification,
  '2026_11_28_1600_bound_envelopes': boundEnvelopes(deps),
});
