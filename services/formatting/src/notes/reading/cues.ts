/**
 * The cues of a profile, compiled once: the section labels of specialties.ts ('Queixa principal',
 * 'Conduta', 'HD') and the spoken cues of spoken-cues.ts mapped to the profile's sections.
 */
import type { Professional } from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { getProfile, type SpecialtyProfile } from '../data/specialties.js';
import { type CueCondition, type CueMode, type Role, SPOKEN_CUES } from '../data/spoken-cues.js';
import { CueTrie } from './cue-trie.js';
import { ROLE_SECTIONS } from './role-sections.js';

export interface CueInfo {
  section: string;
  kind: 'label' | 'spoken';
  /** Label: the cue says what the heading says ('Conduta:'); dropped when a separator follows. */
  label: boolean;
  /** Several words. */
  phrase: boolean;
  /** A label phrase ('queixa principal', 'exame físico'): starts a section even unpunctuated. */
  strong: boolean;
  mode: CueMode;
  when?: CueCondition | undefined;
  drop: boolean;
  /** A 'lead' cue allowed inside a run-on sentence. */
  runOn: boolean;
  role?: Role | undefined;
  /** The label repeats the note's title ('Evolução de enfermagem'): at the very start, it is the title. */
  title: boolean;
}

export interface CompiledProfile {
  profile: SpecialtyProfile;
  trie: CueTrie<CueInfo>;
  /** Position of each section in the note: the order a clinician dictates in. */
  order: Map<string, number>;
  /** Section of the role, if the profile has it. */
  roleSection(role: Role): string | undefined;
  /** Where vital signs switch the note to (the exam), and its position. */
  examSection: string | null;
  examIndex: number;
  /** The results section (complementary exams, labs): the exam may come back after it. */
  resultsSection: string | null;
  /** The words of each part of the note's title ('Evolução Nutricional — Consulta de Nutrição'). */
  titleParts: readonly (readonly string[])[];
  /** Where a diagnosis goes (the hypothesis, the assessment). */
  assessmentSection: string | null;
  /** Position of the first of the note's conclusions (diagnosis, aptitude, plan...). */
  conclusionIndex: number;
  /** The chief complaint (or reason) section, said once: after its sentence, back to the default. */
  complaintSection: string | null;
  historySection: string;
}

const STRONG_SINGLE_WORDS = new Set(['conduta']);

/** Spoken abbreviations that name their section. */
const ABBREVIATED_LABELS = new Set([
  'qp',
  'hda',
  'hd',
  'ef',
  'eem',
  'hpp',
  'ssvv',
  's:',
  'o:',
  'a:',
  'p:',
]);

/** Whether every word of the cue (3+ letters) appears in the heading. */
function isLabelOf(foldedCue: string, heading: string): boolean {
  if (ABBREVIATED_LABELS.has(foldedCue)) return true;
  const headingWords = new Set(fold(heading).match(/[a-z0-9]+/g) ?? []);
  const cueWords = (foldedCue.match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 3);
  return cueWords.length > 0 && cueWords.every((w) => headingWords.has(w));
}

/** Roles that conclude a note: exam results said after them are orders, not results. */
const CONCLUSION_ROLES: readonly Role[] = [
  'assessment',
  'nutritionalDiagnosis',
  'aptitude',
  'plan',
  'recommendations',
  'dietPlan',
  'nursingDiagnosis',
  'socialAnalysis',
  'forensicConclusion',
];

/** Sections a chief complaint or a visit's reason is: one sentence, then the history goes on. */
const ONE_SHOT = new Set([
  'chiefComplaint',
  'reasonForEncounter',
  'visitReason',
  'reason',
  'examType',
]);

function compile(profile: SpecialtyProfile): CompiledProfile {
  const trie = new CueTrie<CueInfo>();
  const titleWords = new Set(fold(profile.title).match(/[a-z0-9]+/g) ?? []);
  for (const section of profile.sections) {
    for (const cue of section.cues) {
      const folded = fold(cue).trim();
      if (folded === '') continue;
      const label = isLabelOf(folded, section.heading);
      const phrase = /[\s-]/.test(folded.replace(/:$/, ''));
      const words = folded.match(/[a-z0-9]+/g) ?? [];
      trie.add(folded, {
        section: section.key,
        kind: 'label',
        label,
        phrase,
        // A label that is the whole heading ('Avaliação') is as strong as a label phrase.
        strong:
          label &&
          (phrase || STRONG_SINGLE_WORDS.has(folded) || fold(section.heading).trim() === folded),
        mode: 'clause',
        // 'Retorno.' as the first thing said is the visit type, not the follow-up.
        when: folded.startsWith('retorn') ? 'notFirst' : undefined,
        drop: false,
        runOn: false,
        title: label && phrase && words.every((w) => titleWords.has(w)),
      });
    }
  }
  const roles = ROLE_SECTIONS[profile.professional];
  for (const group of SPOKEN_CUES) {
    const section = roles[group.role];
    if (!section) continue;
    for (const phrase of group.phrases) {
      trie.add(phrase, {
        section,
        kind: 'spoken',
        label: false,
        phrase: /\s/.test(phrase),
        strong: false,
        mode: group.mode,
        when: group.when,
        drop: group.drop === true,
        runOn: group.runOn === true,
        role: group.role,
        title: false,
      });
    }
  }
  const order = new Map(profile.sections.map((s, i) => [s.key, i]));
  const examSection = roles.exam ?? profile.routing.vitals;
  const complaint = roles.complaint ?? null;
  return {
    profile,
    trie,
    order,
    roleSection: (role) => roles[role],
    examSection,
    examIndex: examSection === null ? Number.POSITIVE_INFINITY : (order.get(examSection) ?? 0),
    resultsSection: roles.results ?? null,
    titleParts: profile.title
      .split(/\s[—–-]\s/)
      .map((part) => fold(part).match(/[a-z0-9]+/g) ?? []),
    assessmentSection: roles.assessment ?? null,
    conclusionIndex: Math.min(
      ...CONCLUSION_ROLES.map((role) => {
        const section = roles[role];
        return section === undefined ? Number.POSITIVE_INFINITY : (order.get(section) ?? 0);
      }),
    ),
    complaintSection: complaint !== null && ONE_SHOT.has(complaint) ? complaint : null,
    historySection: roles.history ?? profile.routing.default,
  };
}

const cache = new Map<Professional, CompiledProfile>();

export function compiledProfile(professional: Professional): CompiledProfile {
  let entry = cache.get(professional);
  if (!entry) {
    entry = compile(getProfile(professional));
    cache.set(professional, entry);
  }
  return entry;
}

/** Whether a section is said once (a chief complaint, a visit's reason, the exam type). */
export const isOneShot = (section: string) => ONE_SHOT.has(section);
