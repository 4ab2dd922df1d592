/**
 * 'Medicações em uso' (issue 28 item 1): every note of a professional who prescribes lists the
 * drugs the patient already takes under a heading of their own, apart from what is prescribed,
 * changed or stopped today (the plan). The record's MedicationStatements and this section are
 * the same list (note-builder.ts writes one line per statement).
 */
import type { SectionSpec, SpecialtyProfile } from './specialty-profile.js';

export const MEDICATIONS_IN_USE_KEY = 'medicationsInUse';

/** The sections that hold the drugs in use (the home visit note had one already). */
export const IN_USE_SECTION_KEYS: ReadonlySet<string> = new Set([
  MEDICATIONS_IN_USE_KEY,
  'currentMedications',
]);

const IN_USE_CUES = [
  'medicações em uso',
  'medicamentos em uso',
  'medicação em uso',
  'medicamento em uso',
  'medicamentos de uso contínuo',
  'uso contínuo',
];

const SECTION: SectionSpec = {
  key: MEDICATIONS_IN_USE_KEY,
  heading: 'Medicações em Uso',
  guidance:
    'Somente os medicamentos que a pessoa já usava antes deste atendimento, um por linha, com ' +
    'dose, via e frequência como ditados. O que foi prescrito, ajustado ou suspenso hoje vai na ' +
    'conduta/plano, não aqui.',
  cues: IN_USE_CUES,
};

/**
 * The profile with 'Medicações em Uso' after the section `after`: the labels of medications in
 * use move to it (out of the history's cues), it keeps its medications in place, and it feeds
 * the history common field.
 */
export function withMedicationsInUse(profile: SpecialtyProfile, after: string): SpecialtyProfile {
  const cues = new Set(IN_USE_CUES);
  const sections: SectionSpec[] = [];
  for (const section of profile.sections) {
    sections.push({ ...section, cues: section.cues.filter((c) => !cues.has(c)) });
    if (section.key === after) sections.push(SECTION);
  }
  if (!sections.includes(SECTION)) throw new Error(`${profile.professional}: no section ${after}`);
  return {
    ...profile,
    sections,
    common: {
      ...profile.common,
      historyOfPresentIllness: [...profile.common.historyOfPresentIllness, MEDICATIONS_IN_USE_KEY],
    },
    routing: {
      ...profile.routing,
      keepMedications: [...profile.routing.keepMedications, MEDICATIONS_IN_USE_KEY],
    },
  };
}
