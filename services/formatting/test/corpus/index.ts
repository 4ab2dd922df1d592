/** The labelled corpus: dictations written before the formatter was tuned, and the held-out set. */
import { FAMILY } from './dictations/family.js';
import { HELD_OUT } from './dictations/held-out.js';
import { HELD_OUT_2 } from './dictations/held-out-2.js';
import { MEDICAL } from './dictations/medical.js';
import { MENTAL_HEALTH } from './dictations/mental.js';
import { NURSING } from './dictations/nursing.js';
import { NUTRITION_AND_SOCIAL } from './dictations/nutrition-social.js';
import { OCCUPATIONAL_AND_HOME } from './dictations/occupational-home.js';
import type { LabelledDictation } from './types.js';

/** The tuning corpus (44 dictations, the 13 specialties). */
export const CORPUS: readonly LabelledDictation[] = [
  ...MEDICAL,
  ...FAMILY,
  ...OCCUPATIONAL_AND_HOME,
  ...NURSING,
  ...NUTRITION_AND_SOCIAL,
  ...MENTAL_HEALTH,
];

/** Written after tuning, one per specialty; reported apart. */
export { HELD_OUT, HELD_OUT_2 };
